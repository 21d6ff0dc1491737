-- Issue 20 (decisions 0320, 0321): a white label's optional addresses beyond /s/{slug} — a subdomain
-- under the platform's storefront base domain and the customer's own domain — and its storefront
-- content, kept as a draft the admin edits and a published copy the public storefront reads.
alter table white_labels
  add column subdomain text unique check (subdomain ~ '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$'),
  add column custom_domain text unique check (
    length(custom_domain) between 4 and 253
    and custom_domain ~ '^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$'
  ),
  add column draft jsonb not null default '{}'::jsonb,
  add column draft_updated_at timestamptz,
  add column published jsonb,
  add column published_at timestamptz,
  add column updated_by uuid references users (id) on delete set null;
