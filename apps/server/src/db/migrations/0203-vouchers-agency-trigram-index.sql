-- The text filter's trigram step for an agency (docs/decisions/0057): one GIN index over
-- (agency_id, search_text) so the scope is applied inside the index, instead of rechecking in the
-- heap every platform-wide trigram candidate to learn it belongs to another agency. Runs on PGlite
-- (PostgreSQL 17, btree_gin registered in db/client.ts) and PostgreSQL 15.
--
-- A multicolumn GIN index serves a condition on any subset of its columns as well as a one-column
-- index would (each key is stored with its column number), so it replaces the search_text-only
-- index from 0202 for super and the other scopes too: one GIN index to keep up on each write, not two.
create extension if not exists btree_gin;

create index vouchers_agency_search_trgm_idx on vouchers using gin (agency_id, search_text gin_trgm_ops);
drop index vouchers_search_trgm_idx;
