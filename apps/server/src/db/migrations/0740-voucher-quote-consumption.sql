-- A quote (a supplier re-quote, or an own-inventory option token) is consumed by its first booking
-- (issue 12 finding 10, docs/decisions/0150): the voucher keeps what it booked and a unique index
-- makes a second booking of the same quote fail in the database, whatever process or idempotency
-- key it comes from. Null for vouchers recorded without a quote (imports, older rows).
alter table vouchers add column quote_ref text;
create unique index vouchers_quote_ref_key on vouchers (quote_ref) where quote_ref is not null;
