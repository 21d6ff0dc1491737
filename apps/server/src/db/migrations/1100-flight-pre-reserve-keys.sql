-- Issue 19: a pre-reservation (TourVisio begintransaction) retried under the same Idempotency-Key
-- answers the pre-reservation already made instead of opening a second supplier transaction
-- (docs/decisions/0370). The row is claimed before the supplier is called; voucher_id is set once
-- the pre-reserved voucher exists, and a failed attempt deletes its claim.
create table flight_pre_reserve_keys (
  user_id uuid not null references users(id) on delete cascade,
  idempotency_key text not null,
  request_hash text not null,
  voucher_id uuid references vouchers(id) on delete cascade,
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);
create index flight_pre_reserve_keys_voucher_idx on flight_pre_reserve_keys (voucher_id);
