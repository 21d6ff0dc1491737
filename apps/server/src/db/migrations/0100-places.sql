-- Places (countries > states > cities > areas, hotels, airports, ...) with a materialised ancestor
-- path, accent-insensitive word-prefix search, and uploaded image files.
-- Runs on PGlite (PostgreSQL 17) and PostgreSQL 15; pg_trgm and unaccent come from 0001.

-- unaccent() is only STABLE (it reads a dictionary found through search_path); naming the dictionary
-- explicitly makes the result fixed, so this wrapper may be IMMUTABLE and used in indexes.
create or replace function travesia_unaccent(text) returns text
  language sql immutable parallel safe strict
  as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- The normalised search text (unaccent is called directly rather than through the wrapper: one
-- function call less per row, which is most of the cost of a bulk insert): unaccented, lower case, punctuation and runs of spaces made one space,
-- with a leading space so "word starts with x" is the pattern '% x%'.
create or replace function place_search_key(name text, iata text, ancestors text[]) returns text
  language sql immutable parallel safe
  as $$
    select ' ' || btrim(regexp_replace(
      lower(public.unaccent('public.unaccent'::regdictionary, concat_ws(' ', name, iata, array_to_string(ancestors, ' ')))),
      '[[:punct:][:space:]]+', ' ', 'g'))
  $$;

create table places (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 200),
  type text not null check (type in ('hotel', 'airport', 'port', 'station', 'location', 'neighborhood', 'city', 'state',
    'country', 'cologne', 'point-of-interest', 'region', 'ski-resort', 'tourist-area', 'accommodation', 'other')),
  address text not null default '',
  active boolean not null default true,
  parent_id uuid references places (id),
  -- Ancestors root first (country, state, city), not including the place itself.
  path uuid[] not null default '{}',
  -- Their names, in the same order, for display and search.
  ancestor_names text[] not null default '{}',
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  images text[] not null default '{}',
  iata_code text check (iata_code ~ '^[A-Z]{3}$'),
  country_code text check (country_code ~ '^[A-Z]{2}$'),
  -- Inhabitants (cities, from the seed data); ranks larger places first.
  population bigint,
  name_key text generated always as (place_search_key(name, iata_code, null)) stored,
  search_key text generated always as (place_search_key(name, iata_code, ancestor_names)) stored,
  -- Where a seeded row came from ('csc', 'openflights', 'curated') and its key there; 'manual' otherwise.
  source text not null default 'manual',
  source_code text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (parent_id is null or parent_id <> id),
  check (cardinality(path) = cardinality(ancestor_names))
);
create unique index places_source_key on places (source, source_code) where source_code is not null;
create index places_parent_idx on places (parent_id);
-- Bulk loads (the seed, the benchmark) run VACUUM afterwards so GIN pending lists are merged before
-- the first search; fastupdate = off would make the PGlite seed several times slower.
create index places_path_idx on places using gin (path);
create index places_search_trgm_idx on places using gin (search_key gin_trgm_ops);
-- Autocomplete looks first among the large places (a few percent of the rows), then among the small
-- ones (hotels, lodgings, points) by name prefix in index order; see PlaceRepository.autocomplete.
create index places_search_large_trgm_idx on places using gin (search_key gin_trgm_ops)
  where type in ('country', 'state', 'region', 'city', 'airport', 'tourist-area', 'ski-resort');
-- Byte order ("C"), so one index serves both `like ' hotel%'` and `order by … limit 50`.
create index places_name_key_small_idx on places ((name_key collate "C"), id)
  where type not in ('country', 'state', 'region', 'city', 'airport', 'tourist-area', 'ski-resort');
create index places_name_idx on places (name, id);
create index places_iata_idx on places (iata_code) where iata_code is not null;

-- True when `child` is `ancestor` or lies anywhere below it: other modules filter by place with it
-- ("hotels in Colombia" finds hotels whose place is Cartagena).
create or replace function place_is_within(child uuid, ancestor uuid) returns boolean
  language sql stable parallel safe
  as $$ select child = ancestor or exists (select 1 from places p where p.id = child and p.path @> array[ancestor]) $$;

create table files (
  id uuid primary key default gen_random_uuid(),
  -- Content-hashed name of the largest web size, '<32 hex>.webp'; the others are '<hash>-<width>.webp'.
  name text not null unique check (name ~ '^[a-f0-9]{32}\.webp$'),
  mime text not null,
  width integer not null,
  height integer not null,
  bytes integer not null,
  variants jsonb not null default '{}'::jsonb,
  -- Served to anyone once attached to a public record (docs/decisions/0042-file-visibility.md).
  public boolean not null default false,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);

-- Which version of a bulk seed a database holds, so a restart doesn't rebuild it (place seed: ~25,000 rows).
create table if not exists seed_runs (
  name text primary key,
  fingerprint text not null,
  rows integer not null,
  applied_at timestamptz not null default now()
);
