-- Integrations of an agency's own systems (docs/decisions/0260-0262): API keys, outbound webhooks and
-- the sender of the agency's e-mails.

-- API keys: the secret is shown once; only its SHA-256 is kept (a 256-bit random secret needs no slow hash).
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null references agencies(id),
  -- the key acts as this user (its type's permissions, its voucher scope), narrowed to `scopes`
  user_id uuid not null references users(id),
  name text not null,
  -- the first characters of the key, shown in lists so a person can tell keys apart
  prefix text not null,
  key_hash text not null unique,
  scopes text[] not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_agency_idx on api_keys (agency_id, created_at desc);

create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null references agencies(id),
  url text not null,
  description text,
  events text[] not null,
  -- the signing secret, sealed with the app's SecretBox (lib/secret-box.ts), bound to the endpoint id
  secret_sealed text not null,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index webhook_endpoints_agency_idx on webhook_endpoints (agency_id) where deleted_at is null;

-- One row per (event, endpoint): the delivery log. The outbox job `webhook.deliver` carries it out.
create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
  agency_id uuid not null,
  event_id uuid not null,
  event text not null,
  payload jsonb not null,
  status text not null default 'pending', -- pending | delivered | failed
  attempts integer not null default 0,
  last_status_code integer,
  last_error text,
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  delivered_at timestamptz
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);

create table agency_mail_settings (
  agency_id uuid primary key references agencies(id),
  sender_name text,
  reply_to text,
  updated_at timestamptz not null default now()
);

-- Queues one delivery per active endpoint of the agency that subscribed to `ev`, and its outbox job,
-- inside the caller's transaction: an event exists exactly when the change that caused it commits.
create or replace function webhook_enqueue(a uuid, ev text, data jsonb) returns void language plpgsql as $$
declare
  eid uuid := gen_random_uuid();
begin
  with d as (
    insert into webhook_deliveries (endpoint_id, agency_id, event_id, event, payload)
    select e.id, a, eid, ev,
      jsonb_build_object('id', eid, 'type', ev, 'createdAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', data)
    from webhook_endpoints e
    where e.agency_id = a and e.active and e.deleted_at is null and ev = any(e.events)
    returning id
  )
  insert into outbox (kind, payload) select 'webhook.deliver', jsonb_build_object('deliveryId', d.id) from d;
end $$;

-- What a webhook tells about a voucher: identifiers, status and dates, never money (the receiver
-- reads prices through the API, under the price-visibility rule).
create or replace function webhook_voucher_data(v vouchers, previous text) returns jsonb language sql stable as $$
  select jsonb_build_object(
    'voucherId', v.id, 'reference', v.external_booking_reference, 'locator', v.locator, 'type', v.type,
    'provider', v.provider, 'status', v.status, 'previousStatus', previous, 'startDate', v.start_date,
    'endDate', v.end_date, 'productName', coalesce(v.product_name, v.product->>'name'))
$$;

-- The one place voucher events are emitted: every insert and status change of `vouchers`, whatever
-- module wrote it (docs/decisions/0261).
create or replace function vouchers_webhook_trigger() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from webhook_endpoints e where e.agency_id = new.agency_id and e.active and e.deleted_at is null) then
    return new;
  end if;
  if tg_op = 'INSERT' then
    perform webhook_enqueue(new.agency_id, 'voucher.created', webhook_voucher_data(new, null));
    if new.status in ('confirmed', 'confirmed-paid') then
      perform webhook_enqueue(new.agency_id, 'voucher.confirmed', webhook_voucher_data(new, null));
    end if;
  elsif old.status is distinct from new.status then
    perform webhook_enqueue(new.agency_id, 'voucher.status_changed', webhook_voucher_data(new, old.status));
    if new.status in ('confirmed', 'confirmed-paid') and old.status not in ('confirmed', 'confirmed-paid') then
      perform webhook_enqueue(new.agency_id, 'voucher.confirmed', webhook_voucher_data(new, old.status));
    elsif new.status = 'cancelled' then
      perform webhook_enqueue(new.agency_id, 'voucher.cancelled', webhook_voucher_data(new, old.status));
    end if;
  end if;
  return new;
end $$;

create trigger vouchers_webhook after insert or update of status on vouchers for each row execute function vouchers_webhook_trigger();
