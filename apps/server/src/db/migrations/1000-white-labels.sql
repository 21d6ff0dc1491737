-- Issue 20: a white label is an agency's public storefront. This is the base row other modules
-- (payments, storefront orders) reference; its settings, branding and published version are added by
-- the white-label module's own migrations.
create table white_labels (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null references agencies (id) on delete cascade,
  name text not null check (length(name) between 1 and 120),
  slug text not null unique check (slug ~ '^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$'),
  status text not null default 'draft' check (status in ('draft', 'active', 'suspended')),
  -- What the storefront sells (a subset of the agency's modules, e.g. 'hotels-hotelbeds'), in which
  -- currency and language it shows prices, and the storefront markup (percent over the agency's price).
  products text[] not null default '{}',
  currency char(3) not null default 'USD',
  language text not null default 'es' check (language in ('es', 'en')),
  markup_percent numeric(6, 2) not null default 0 check (markup_percent >= 0 and markup_percent <= 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index white_labels_agency_idx on white_labels (agency_id);
