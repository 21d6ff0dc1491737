-- For databases created before these indexes joined 0200 (idempotent on new ones).
-- The platform-wide list filtered by status (super), and its capped count, walk this index in order.
create index if not exists vouchers_status_created_idx on vouchers (status, created_at desc, id desc);
-- The list orders carry the search text, so a text filter walks them index-only (no heap visit per
-- candidate row) until it has its page and its capped count (docs/decisions/0051, 0052).
create index if not exists vouchers_agency_created_search_idx on vouchers (agency_id, created_at desc, id desc) include (search_text);
create index if not exists vouchers_created_search_idx on vouchers (created_at desc, id desc) include (search_text);
drop index if exists vouchers_agency_created_idx;
drop index if exists vouchers_created_idx;
