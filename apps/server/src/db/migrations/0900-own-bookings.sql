-- Issue 13 item 2: own inventory is a provider behind the supplier contract (suppliers/travesia,
-- docs/decisions/0270). Each own booking holds capacity under our reference (the voucher's
-- externalBookingReference), so taking it is idempotent and recovery can look it up.
create table own_bookings (
  client_reference text primary key,
  kind text not null check (kind in ('hotel', 'ticket', 'transfer', 'flight')),
  product_id uuid not null,
  day date not null,
  session text not null default '',
  units integer not null check (units > 0),
  total numeric(12, 2) not null,
  currency char(3) not null,
  cancellation jsonb not null,
  holder jsonb not null,
  details jsonb not null default '{}'::jsonb,
  status text not null default 'confirmed' check (status in ('confirmed', 'cancelled')),
  created_at timestamptz not null default now(),
  cancelled_at timestamptz
);
create index own_bookings_product_day_idx on own_bookings (product_id, day);
