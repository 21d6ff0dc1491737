-- Own inventory (brand travesia): hotel products, room types, daily availability, searches (issue 4).

create table hotel_products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  place_id uuid not null references places(id),
  address text not null default '',
  lat double precision,
  lng double precision,
  stars smallint not null check (stars between 1 and 5),
  category text not null check (category in ('value', 'moderate', 'deluxe', 'deluxe-villas', 'campgrounds')),
  description text not null default '',
  amenities text[] not null default '{}',
  images text[] not null default '{}',
  check_in_hour text not null default '15:00',
  check_out_hour text not null default '12:00',
  currency char(3) not null default 'USD',
  boards text[] not null default '{RO}',
  -- The loader's policy definition (contracts policyDefinitionSchema); normalised per stay.
  policy jsonb not null default '{"nonRefundable": false, "rules": [], "noShow": null}',
  active boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index hotel_products_place on hotel_products (place_id) where active;
create index hotel_products_name on hotel_products (lower(name));

create table hotel_room_types (
  id uuid primary key default gen_random_uuid(),
  hotel_id uuid not null references hotel_products(id) on delete cascade,
  name text not null,
  max_adults smallint not null check (max_adults between 1 and 9),
  max_children smallint not null default 0 check (max_children between 0 and 9),
  child_age_limit smallint not null default 11 check (child_age_limit between 0 and 17),
  beds text not null default '',
  active boolean not null default true,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index hotel_room_types_hotel on hotel_room_types (hotel_id);

-- One row per room type and night. Prices are per room and night by number of adults, per child and
-- night, and board supplements per person and night, all in the hotel's currency.
create table hotel_inventory (
  room_type_id uuid not null references hotel_room_types(id) on delete cascade,
  day date not null,
  allotment integer not null default 0 check (allotment >= 0),
  price_1 numeric(12, 2) check (price_1 >= 0),
  price_2 numeric(12, 2) check (price_2 >= 0),
  price_3 numeric(12, 2) check (price_3 >= 0),
  price_extra_adult numeric(12, 2) check (price_extra_adult >= 0),
  price_child numeric(12, 2) check (price_child >= 0),
  board_supplements jsonb not null default '{}',
  min_nights smallint not null default 1 check (min_nights between 1 and 30),
  stop_sale boolean not null default false,
  closed_to_arrival boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (room_type_id, day)
);

-- What a search asked, so an option token can be re-priced at booking time (expires ~30 min).
create table inventory_searches (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null,
  user_id uuid,
  request jsonb not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index inventory_searches_expires on inventory_searches (expires_at);
