-- Foundation: agencies, users, sessions, one-time password tokens.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

create table agencies (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  logo text,
  theme text not null default 'default',
  mode text not null default 'sandbox' check (mode in ('sandbox', 'production')),
  options jsonb not null default '{}'::jsonb,
  distributed jsonb not null default '{"disney": [], "universal": []}'::jsonb,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index agencies_name_key on agencies (lower(name));

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text,
  type text not null check (type in ('super', 'agency', 'adviser', 'product-loader', 'reseller')),
  status text not null default 'active' check (status in ('active', 'inactive')),
  agency_id uuid references agencies (id),
  profile jsonb not null,
  can_see_all_vouchers boolean not null default false,
  available_providers jsonb not null default '[]'::jsonb,
  commission_type text not null default 'percentage' check (commission_type in ('percentage', 'fixed')),
  commission_value numeric(14, 4) not null default 0 check (commission_value >= 0),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((type in ('agency', 'adviser', 'reseller')) = (agency_id is not null))
);
create unique index users_email_key on users (lower(email));
create index users_agency_idx on users (agency_id);

create table sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  remember boolean not null default false,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table password_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('recovery', 'invitation')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_tokens_user_idx on password_tokens (user_id);
