-- Issue 20 item 3: payment gateways of a white label, payments, the gateways' events and the
-- settlement notifications told to the seller (docs/decisions/0330-0333).

-- A gateway configured on a white label: test and live credentials sealed with the app's SecretBox
-- (bound to the row id and the mode), the mode in use, and at most one active gateway per white label.
create table payment_gateways (
  id uuid primary key default gen_random_uuid(),
  white_label_id uuid not null references white_labels (id) on delete cascade,
  agency_id uuid not null references agencies (id) on delete cascade,
  gateway text not null check (gateway in ('wompi', 'stripe')),
  mode text not null default 'test' check (mode in ('test', 'live')),
  active boolean not null default false,
  test_credentials_sealed text,
  live_credentials_sealed text,
  last_test_ok boolean,
  last_test_at timestamptz,
  last_test_msg text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (white_label_id, gateway)
);
create unique index payment_gateways_one_active on payment_gateways (white_label_id) where active;

-- A payment per checkout. `id` is our reference at the gateway (Wompi `reference`, Stripe
-- `client_reference_id`); amounts as the seller's decimal and in the gateway's minor units.
create table payments (
  id uuid primary key default gen_random_uuid(),
  white_label_id uuid not null references white_labels (id) on delete cascade,
  agency_id uuid not null references agencies (id) on delete cascade,
  gateway_account_id uuid not null references payment_gateways (id),
  order_id text not null,
  gateway text not null check (gateway in ('wompi', 'stripe')),
  mode text not null check (mode in ('test', 'live')),
  amount numeric(14, 2) not null check (amount > 0),
  amount_minor bigint not null check (amount_minor > 0),
  currency char(3) not null,
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'declined', 'expired', 'refunded', 'error')),
  -- the gateway's transaction / payment intent id once known; its checkout session id (Stripe)
  gateway_reference text,
  gateway_session_id text,
  checkout_url text not null default '',
  expires_at timestamptz not null,
  -- when the gateway says the current status happened: an older event never moves it back
  status_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index payments_white_label_idx on payments (white_label_id, created_at desc);
create index payments_order_idx on payments (order_id);
create unique index payments_session_idx on payments (gateway, gateway_session_id) where gateway_session_id is not null;

-- Every verified event received, unique per gateway event id: a duplicate is acknowledged and ignored.
create table payment_events (
  id bigserial primary key,
  gateway text not null,
  event_id text not null,
  payment_id uuid references payments (id) on delete cascade,
  type text not null,
  status text,
  outcome text not null,
  occurred_at timestamptz,
  received_at timestamptz not null default now(),
  payload jsonb not null,
  unique (gateway, event_id)
);
create index payment_events_payment_idx on payment_events (payment_id);

-- One row per final transition, written with the transition: the seller's `onSettled` handlers are
-- called after commit and again by the payment job until they succeed (leased like the outbox).
create table payment_notifications (
  payment_id uuid not null references payments (id) on delete cascade,
  status text not null,
  occurred_at timestamptz not null,
  created_at timestamptz not null default now(),
  notified_at timestamptz,
  attempts integer not null default 0,
  leased_until timestamptz,
  last_error text,
  primary key (payment_id, status)
);
create index payment_notifications_due_idx on payment_notifications (created_at) where notified_at is null;
