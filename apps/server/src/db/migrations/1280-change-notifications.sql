-- Issue 21 item 3 (decision 0540): a process that keeps rows in memory (the signed-in caller's session, user and
-- agency) must hear at once when any process, or anyone with psql, changes them. Every update, delete or truncate
-- of a watched table sends the table's name on channel `travesia_changes`, delivered at commit to every
-- connection that listens (each server process on PostgreSQL; PGlite has one process and hears its own writes).
create or replace function travesia_notify_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('travesia_changes', tg_table_name);
  return null;
end;
$$;

create trigger sessions_changes after update or delete or truncate on sessions
  for each statement execute function travesia_notify_change();
create trigger users_changes after update or delete or truncate on users
  for each statement execute function travesia_notify_change();
create trigger agencies_changes after update or delete or truncate on agencies
  for each statement execute function travesia_notify_change();
