-- The text filter's window (docs/decisions/0057, 0310) walks a scope's newest rows in list order and
-- checks the text and the other list filters on each. The order indexes carried only search_text, so
-- with a status, provider or type filter the walk left the index for the heap: ~40,000 pages for the
-- large agency of the 1,000,000-row bench (issue 21). They now also carry the filtered columns, and
-- the adviser's order index carries them with agency_id and search_text, so the window and its
-- filters are answered from the index alone for every scope but the product loader's (small).
create index vouchers_agency_created_filter_idx on vouchers (agency_id, created_at desc, id desc)
  include (search_text, status, provider, type);
drop index vouchers_agency_created_search_idx;

create index vouchers_created_filter_idx on vouchers (created_at desc, id desc)
  include (search_text, status, provider, type);
drop index vouchers_created_search_idx;

create index vouchers_user_created_filter_idx on vouchers (user_id, created_at desc, id desc)
  include (agency_id, search_text, status, provider, type) where user_id is not null;
drop index vouchers_user_created_idx;

-- Planner statistics for the new indexes (PGlite has no autovacuum: docs/OPERATIONS.md).
analyze vouchers;
