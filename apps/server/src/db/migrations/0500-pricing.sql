-- Pricing: markup rules (platform-wide or per agency), exchange rates to USD with validity, and each
-- agency's commission/rounding setting. Money and rates are numeric, never float.
-- docs/decisions/0070-pricing-engine.md, 0071-markup-rules.md, 0072-commission.md, 0074-exchange-rates.md

create table markup_rules (
  id uuid primary key default gen_random_uuid(),
  -- null: a platform rule (set by super); otherwise the agency that owns it.
  agency_id uuid references agencies (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 120),
  active boolean not null default true,
  priority integer not null default 0 check (priority between 0 and 1000),
  product_kind text check (product_kind in ('hotel', 'ticket', 'transfer', 'flight')),
  supplier text check (supplier in ('hotelbeds', 'juniper', 'restel', 'santsg', 'travesia')),
  -- A place id (places module); matches the place and everything under it. No foreign key: a
  -- deleted place leaves a rule that matches nothing rather than blocking the delete.
  destination_id uuid,
  destination_name text,
  travel_from date,
  travel_to date,
  booking_from date,
  booking_to date,
  kind text not null check (kind in ('percentage', 'fixed')),
  value numeric(20, 6) not null,
  currency char(3) check (currency ~ '^[A-Z]{3}$'),
  basis text not null default 'booking' check (basis in ('booking', 'night', 'pax', 'pax-night')),
  allow_below_cost boolean not null default false,
  created_by uuid references users (id) on delete set null,
  updated_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (travel_from is null or travel_to is null or travel_from <= travel_to),
  check (booking_from is null or booking_to is null or booking_from <= booking_to),
  check (kind <> 'fixed' or currency is not null),
  check (allow_below_cost or value >= 0),
  check (kind <> 'percentage' or (value <= 100 and value > -100))
);
create index markup_rules_owner_idx on markup_rules (agency_id, priority desc) where active;
create index markup_rules_list_idx on markup_rules (agency_id, created_at desc);

-- How many units of `currency` buy one US dollar from `valid_from` on. Rows are never edited: a new
-- rate is a new row, so any past price can be reproduced with the rate of its time.
create table exchange_rates (
  id uuid primary key default gen_random_uuid(),
  currency char(3) not null check (currency ~ '^[A-Z]{3}$' and currency <> 'USD'),
  units_per_usd numeric(24, 10) not null check (units_per_usd > 0),
  valid_from timestamptz not null default now(),
  set_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (currency, valid_from)
);
create index exchange_rates_lookup_idx on exchange_rates (currency, valid_from desc);

-- One row per agency; absent means the defaults (commission on top, none, half-up rounding).
create table agency_pricing_settings (
  agency_id uuid primary key references agencies (id) on delete cascade,
  commission_mode text not null default 'on-top' check (commission_mode in ('on-top', 'included')),
  commission_type text not null default 'percentage' check (commission_type in ('percentage', 'fixed')),
  commission_value numeric(14, 4) not null default 0 check (commission_value >= 0),
  commission_currency char(3) not null default 'USD' check (commission_currency ~ '^[A-Z]{3}$'),
  round_up boolean not null default false,
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now(),
  check (commission_type <> 'percentage' or commission_value <= 100)
);
