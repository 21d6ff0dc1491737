-- Transactional outbox: work that must happen after a commit (mails) is written in the same
-- transaction as the change that causes it, then carried out by a worker with retries. Several
-- processes share it safely: a worker claims rows with `for update skip locked` and a lease.
create table outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  payload jsonb not null,
  attempts integer not null default 0,
  -- when the row may next be claimed: now for new rows, the lease end while claimed, the backoff after a failure
  available_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  done_at timestamptz,
  failed_at timestamptz,
  last_error text
);
create index outbox_due_idx on outbox (available_at) where done_at is null and failed_at is null;
