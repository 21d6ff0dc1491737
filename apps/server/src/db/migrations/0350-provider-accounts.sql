-- Provider accounts: a supplier + encrypted credentials + settings, per agency or as a platform
-- template (agency_id null) that agency accounts link to (template_id) to use its credentials.
create table provider_accounts (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid references agencies (id) on delete cascade,
  template_id uuid references provider_accounts (id) on delete restrict,
  supplier text not null check (supplier in ('hotelbeds', 'juniper', 'restel', 'santsg')),
  name text not null check (length(name) between 1 and 100),
  active boolean not null default true,
  -- templates only: offered to every agency to link
  shared boolean not null default false,
  -- AES-256-GCM sealed JSON of the credentials, format v1.<keyId>.<iv>.<tag>.<ciphertext>; null when linked
  credentials_enc text,
  settings jsonb not null default '{}'::jsonb,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- a template belongs to no agency and links to nothing; a linked account carries no credentials
  check (agency_id is not null or (template_id is null and credentials_enc is not null)),
  check (template_id is null or credentials_enc is null),
  check ((template_id is not null) or (credentials_enc is not null)),
  check (agency_id is null or shared = false)
);
create unique index provider_accounts_name_key
  on provider_accounts (coalesce(agency_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name));
create index provider_accounts_agency_idx on provider_accounts (agency_id);
create index provider_accounts_template_idx on provider_accounts (template_id) where template_id is not null;
