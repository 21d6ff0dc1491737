-- Which supplier destination/zone code a place of ours corresponds to (hotel search, issue 6).
-- A search walks from the chosen place up its ancestors and uses the nearest mapped one.
create table supplier_destinations (
  supplier text not null check (supplier in ('hotelbeds', 'juniper', 'restel', 'santsg')),
  place_id uuid not null references places (id) on delete cascade,
  code text not null check (length(code) between 1 and 40),
  created_at timestamptz not null default now(),
  primary key (supplier, place_id)
);
create index supplier_destinations_place_idx on supplier_destinations (place_id);

-- Supplier bookings whose outcome is not known yet (recorded before the supplier was called, reply
-- lost or process gone): the recovery worker leases a row, looks the booking up at the supplier by
-- our reference and deletes the row once the voucher's status is settled.
create table hotel_booking_recovery (
  voucher_id uuid primary key references vouchers (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  leased_until timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index hotel_booking_recovery_due_idx on hotel_booking_recovery (next_attempt_at);
