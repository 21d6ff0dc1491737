-- Vouchers (bookings), their status history and the pre-aggregated daily figures of the dashboard.
-- See apps/server/src/modules/voucher/README.md and docs/decisions/0050-0059.

-- The business day of the dashboard (docs/decisions/0053-dashboard-figures.md).
create or replace function travesia_business_tz() returns text language sql immutable as $$ select 'America/Bogota'::text $$;

create table vouchers (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null references agencies (id),
  user_id uuid references users (id),
  -- Names as they were at booking time: shown in the list and matched by its text filter.
  agency_name text not null,
  user_name text,
  type text not null check (type in ('hotel', 'ticket', 'transfer', 'flight')),
  integrator text not null,
  provider text not null,
  provider_account_id uuid,
  status text not null check (status in ('confirmed', 'confirmed-paid', 'cancelled', 'on-request', 'quotation', 'pending-provider', 'pre-reserved')),
  start_date date,
  end_date date,
  nights integer check (nights >= 0),
  client jsonb not null default '{}'::jsonb,
  companions jsonb not null default '[]'::jsonb,
  price_gross numeric(16, 2) not null check (price_gross >= 0),
  price_currency char(3) not null,
  cost_net numeric(16, 2) check (cost_net >= 0),
  cost_currency char(3),
  markups jsonb not null default '[]'::jsonb,
  commission_amount numeric(16, 2),
  commission_currency char(3),
  -- USD equivalents at booking time and the rates used (1 unit of the currency = rate USD).
  price_usd numeric(16, 2),
  cost_usd numeric(16, 2),
  usd_rate numeric(20, 10),
  cost_usd_rate numeric(20, 10),
  payments jsonb not null default '{}'::jsonb,
  booking_codes jsonb not null default '[]'::jsonb,
  policies jsonb not null default '[]'::jsonb,
  penalty jsonb,
  -- Our reference sent to the supplier (clientReference / ExternalBookingReference / num_expediente ...).
  external_booking_reference text not null,
  -- The supplier's main locator (reservation.locator), its other references, and a short one for people.
  locator text,
  supplier_references jsonb not null default '[]'::jsonb,
  short_locator text,
  product jsonb not null default '{}'::jsonb,
  product_name text,
  idempotency_key text,
  -- Approval (spec §4): pending | approved | rejected, the hashed single-use external key and the decision.
  approval_status text check (approval_status in ('pending', 'approved', 'rejected')),
  approval_key_hash text,
  approval_key_expires_at timestamptz,
  approval_key_used_at timestamptz,
  approval_decision jsonb,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 0,
  -- Everything the list's text filter matches, lower-cased, in one trigram-indexed column.
  search_text text generated always as (
    lower(
      external_booking_reference || ' ' || coalesce(locator, '') || ' ' || coalesce(short_locator, '') || ' ' ||
      coalesce(user_name, '') || ' ' || coalesce(client ->> 'name', '') || ' ' || coalesce(client ->> 'surname', '') || ' ' ||
      agency_name || ' ' || price_gross::text || ' ' || coalesce(payments -> 'client' ->> 'amount', '') || ' ' || price_currency
    )
  ) stored,
  check (end_date is null or start_date is null or end_date >= start_date)
);

create unique index vouchers_reference_key on vouchers (external_booking_reference);
create unique index vouchers_idempotency_key on vouchers (agency_id, idempotency_key) where idempotency_key is not null;
-- The list per scope, newest first (keyset-friendly, id breaks ties), carrying the search text so a
-- text filter walks them index-only (docs/decisions/0051, 0052).
create index vouchers_created_search_idx on vouchers (created_at desc, id desc) include (search_text);
create index vouchers_agency_created_search_idx on vouchers (agency_id, created_at desc, id desc) include (search_text);
create index vouchers_status_created_idx on vouchers (status, created_at desc, id desc);
create index vouchers_user_created_idx on vouchers (user_id, created_at desc, id desc) where user_id is not null;
create index vouchers_own_inventory_idx on vouchers (created_at desc, id desc) where provider = 'travesia';
create index vouchers_agency_status_idx on vouchers (agency_id, status, created_at desc);
create index vouchers_search_trgm_idx on vouchers using gin (search_text gin_trgm_ops);

create table voucher_events (
  id uuid primary key default gen_random_uuid(),
  voucher_id uuid not null references vouchers (id) on delete cascade,
  at timestamptz not null default now(),
  kind text not null,
  from_status text,
  to_status text,
  actor_kind text not null check (actor_kind in ('user', 'client', 'system', 'supplier')),
  actor_user_id uuid,
  actor_name text,
  ip text,
  user_agent text,
  note text,
  data jsonb
);
create index voucher_events_voucher_idx on voucher_events (voucher_id, at);

-- Daily figures per agency, and for the whole platform under the all-zero agency id, kept by the
-- trigger below in the same transaction as the voucher write.
create table voucher_daily_stats (
  agency_id uuid not null,
  day date not null,
  status text not null,
  count integer not null default 0,
  amount_usd numeric(18, 2) not null default 0,
  primary key (agency_id, day, status)
);

create or replace function voucher_daily_stats_apply(a uuid, d date, s text, n integer, amount numeric) returns void language plpgsql as $$
begin
  insert into voucher_daily_stats as v (agency_id, day, status, count, amount_usd)
  values (a, d, s, n, coalesce(amount, 0)), ('00000000-0000-0000-0000-000000000000', d, s, n, coalesce(amount, 0))
  on conflict (agency_id, day, status) do update set count = v.count + excluded.count, amount_usd = v.amount_usd + excluded.amount_usd;
end $$;

create or replace function vouchers_stats_trigger() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if tg_op = 'DELETE' or old.status is distinct from new.status or old.price_usd is distinct from new.price_usd
       or old.agency_id is distinct from new.agency_id or old.created_at is distinct from new.created_at then
      perform voucher_daily_stats_apply(old.agency_id, (old.created_at at time zone travesia_business_tz())::date, old.status, -1, -coalesce(old.price_usd, 0));
    else
      return new;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform voucher_daily_stats_apply(new.agency_id, (new.created_at at time zone travesia_business_tz())::date, new.status, 1, new.price_usd);
    return new;
  end if;
  return old;
end $$;

create trigger vouchers_stats after insert or update or delete on vouchers for each row execute function vouchers_stats_trigger();

-- Recomputes every daily figure from the vouchers (bulk loads disable the trigger, then call this).
create or replace function voucher_daily_stats_rebuild() returns void language plpgsql as $$
begin
  delete from voucher_daily_stats;
  insert into voucher_daily_stats (agency_id, day, status, count, amount_usd)
  select agency_id, (created_at at time zone travesia_business_tz())::date, status, count(*), coalesce(sum(price_usd), 0)
  from vouchers group by 1, 2, 3;
  insert into voucher_daily_stats (agency_id, day, status, count, amount_usd)
  select '00000000-0000-0000-0000-000000000000'::uuid, (created_at at time zone travesia_business_tz())::date, status, count(*), coalesce(sum(price_usd), 0)
  from vouchers group by 2, 3;
end $$;
