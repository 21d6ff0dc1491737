-- Issue 20: a storefront order (docs/decisions/0340). hold → payment → signed webhook → the engine's
-- reserve. Every status change is a conditional update from the states it may leave (the service's
-- state machine), so concurrent or duplicate webhooks move an order once.
create table storefront_orders (
  id uuid primary key default gen_random_uuid(),
  -- What the traveller quotes in "mi reserva" and the gateway shows.
  ref text not null unique,
  white_label_id uuid not null references white_labels (id) on delete restrict,
  agency_id uuid not null references agencies (id) on delete cascade,
  status text not null default 'awaiting-payment' check (
    status in ('awaiting-payment', 'paid', 'booking', 'booked', 'refunded', 'needs-attention', 'declined', 'expired')
  ),
  kind text not null default 'hotel' check (kind in ('hotel')),
  -- The option and its quote: {cacheId, optionId, quoteId}; the traveller-facing summary.
  option jsonb not null,
  summary jsonb not null,
  amount numeric(14, 2) not null check (amount > 0),
  currency char(3) not null,
  hold_expires_at timestamptz not null,
  travellers jsonb not null,
  billing jsonb not null,
  email text not null,
  payment_id text unique,
  gateway text,
  gateway_reference text,
  voucher_id uuid references vouchers (id) on delete set null,
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index storefront_orders_white_label_idx on storefront_orders (white_label_id, created_at desc);
create index storefront_orders_status_idx on storefront_orders (agency_id, status);
