-- Own inventory (travesia): tickets with daily/session capacity, and transfers (issue 4).

create table ticket_products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  place_id uuid not null references places(id),
  description text not null default '',
  images text[] not null default '{}',
  currency char(3) not null default 'USD',
  price numeric(12, 2) not null check (price >= 0),
  full_price numeric(12, 2) check (full_price >= 0),
  child_price numeric(12, 2) check (child_price >= 0),
  max_people integer not null check (max_people between 1 and 500),
  start_hour text not null,
  end_hour text not null,
  sessions text[] not null default '{}',
  children_allowed boolean not null default true,
  policy jsonb not null default '{"nonRefundable": false, "rules": [], "noShow": null}',
  active boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ticket_products_place on ticket_products (place_id) where active;

-- Places left per day and session ('' = the whole day when the ticket has no sessions).
create table ticket_capacity (
  ticket_id uuid not null references ticket_products(id) on delete cascade,
  day date not null,
  session text not null default '',
  capacity integer not null default 0 check (capacity >= 0),
  stop_sale boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (ticket_id, day, session)
);

create table transfer_products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  origin_id uuid not null references places(id),
  destination_id uuid not null references places(id),
  type text not null check (type in ('private', 'shared')),
  vehicle text not null,
  min_pax integer not null check (min_pax >= 1),
  max_pax integer not null check (max_pax >= min_pax),
  price_mode text not null check (price_mode in ('per-vehicle', 'per-person')),
  price numeric(12, 2) not null check (price >= 0),
  currency char(3) not null default 'USD',
  start_hour text not null default '00:00',
  end_hour text not null default '23:59',
  days smallint[] not null default '{0,1,2,3,4,5,6}',
  description text not null default '',
  images text[] not null default '{}',
  policy jsonb not null default '{"nonRefundable": false, "rules": [], "noShow": null}',
  active boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index transfer_products_origin on transfer_products (origin_id) where active;
