-- The bookings list's text filter folds accents: "gomez" finds "Gómez" and "GÓMEZ" finds "gomez"
-- (docs/decisions/0056-voucher-search-accents.md). Runs on PGlite (PostgreSQL 17) and PostgreSQL 15;
-- unaccent comes from 0001 and the IMMUTABLE wrapper travesia_unaccent() from 0100 (it names the
-- dictionary explicitly, so it may be used in a generated column). The query folds `q` with the
-- same lower(travesia_unaccent(...)).
--
-- A generated column's expression cannot be altered in PostgreSQL 15, so the column is dropped and
-- added again; dropping it also drops the indexes that carry it, which are then rebuilt.
alter table vouchers drop column search_text;
alter table vouchers add column search_text text generated always as (
  lower(travesia_unaccent(
    external_booking_reference || ' ' || coalesce(locator, '') || ' ' || coalesce(short_locator, '') || ' ' ||
    coalesce(user_name, '') || ' ' || coalesce(client ->> 'name', '') || ' ' || coalesce(client ->> 'surname', '') || ' ' ||
    agency_name || ' ' || price_gross::text || ' ' || coalesce(payments -> 'client' ->> 'amount', '') || ' ' || price_currency
  ))
) stored;

create index vouchers_created_search_idx on vouchers (created_at desc, id desc) include (search_text);
create index vouchers_agency_created_search_idx on vouchers (agency_id, created_at desc, id desc) include (search_text);
create index vouchers_search_trgm_idx on vouchers using gin (search_text gin_trgm_ops);
