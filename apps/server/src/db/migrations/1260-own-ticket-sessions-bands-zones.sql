-- Issue 17 item 6 (decision 0450): a place's IANA time zone (null = its nearest ancestor's), and an own
-- ticket's guide languages per session, booking cut-off and age bands with a price each.
alter table places
  add column time_zone text check (time_zone is null or time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$');

alter table ticket_products
  -- Languages of every session that lists none of its own (and of an all-day ticket): ISO 639-1 codes.
  add column languages text[] not null default '{}',
  -- {"09:00": ["es", "en"]}: the guide languages of a session, by its start hour.
  add column session_languages jsonb not null default '{}' check (jsonb_typeof(session_languages) = 'object'),
  -- Bookable up to this many minutes before the session starts (an all-day ticket: before it closes), place's zone.
  add column cutoff_minutes integer not null default 0 check (cutoff_minutes between 0 and 10080),
  -- [{"name": "Adulto", "ageFrom": 18, "ageTo": 99, "price": "35.00"}]: a price per age band.
  add column age_bands jsonb not null default '[]' check (jsonb_typeof(age_bands) = 'array');

-- Existing tickets keep their prices: adults 18–99 at the price, children 0–17 at the child price (or the
-- price) when they admit children.
update ticket_products set age_bands =
  jsonb_build_array(jsonb_build_object('name', 'Adulto', 'ageFrom', 18, 'ageTo', 99, 'price', price::text))
  || case when children_allowed
       then jsonb_build_array(jsonb_build_object('name', 'Niño', 'ageFrom', 0, 'ageTo', 17, 'price', coalesce(child_price, price)::text))
       else '[]'::jsonb end;

-- A place's zone: its own, else its nearest ancestor's that has one (null when none has).
create function place_time_zone(p_id uuid) returns text language sql stable as $$
  select coalesce(p.time_zone, (
    select a.time_zone from places a
    where a.id = any(p.path) and a.time_zone is not null
    order by array_position(p.path, a.id) desc limit 1))
  from places p where p.id = p_id
$$;
