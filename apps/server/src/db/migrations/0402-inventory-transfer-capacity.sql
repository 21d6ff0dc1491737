-- Own transfers become bookable (issue 4, decision 0086): capacity per transfer and day.
-- Private transfers count vehicles (a booking takes one), shared transfers count seats (one per passenger).
create table transfer_capacity (
  transfer_id uuid not null references transfer_products(id) on delete cascade,
  day date not null,
  capacity integer not null default 0 check (capacity >= 0),
  stop_sale boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (transfer_id, day)
);
