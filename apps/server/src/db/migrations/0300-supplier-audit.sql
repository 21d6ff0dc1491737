-- Every supplier request/response pair (masked), one row per attempt (issue 5, item 6).
create table if not exists supplier_audit_log (
  id uuid primary key default gen_random_uuid(),
  account_id text not null,
  supplier text not null,
  operation text not null,
  correlation_id text,
  method text not null,
  url text not null,
  attempt integer not null default 1,
  request_body text,
  response_status integer,
  response_body text,
  duration_ms integer not null,
  error_code text,
  error text,
  created_at timestamptz not null default now()
);

create index if not exists supplier_audit_log_created_idx on supplier_audit_log (created_at desc, id desc);
create index if not exists supplier_audit_log_account_idx on supplier_audit_log (account_id, created_at desc);
create index if not exists supplier_audit_log_correlation_idx on supplier_audit_log (correlation_id) where correlation_id is not null;
create index if not exists supplier_audit_log_supplier_idx on supplier_audit_log (supplier, operation, created_at desc);
