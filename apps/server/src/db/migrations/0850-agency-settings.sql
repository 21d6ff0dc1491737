-- Issue 16: the agency's profile, defaults, time zone and appearance; each user's notification choices.
create table agency_settings (
  agency_id uuid primary key references agencies (id) on delete cascade,
  time_zone text not null default 'America/Bogota',
  deadline_shift_days integer not null default 0 check (deadline_shift_days between 0 and 30),
  -- legal and trade name, tax id, address, city, country, phone, website, billing e-mail
  profile jsonb not null default '{}'::jsonb,
  -- currency, language, nationality, adults, children
  defaults jsonb not null default '{}'::jsonb,
  -- {bookings, cancellations, approvals, deadlines}: lists of addresses
  notification_emails jsonb not null default '{}'::jsonb,
  -- primaryColor, logoLight, logoDark, favicon, voucherHeader, voucherFooter (the preset stays in agencies.theme)
  appearance jsonb not null default '{}'::jsonb,
  updated_by uuid,
  updated_at timestamptz not null default now()
);

create table user_notification_prefs (
  user_id uuid primary key references users (id) on delete cascade,
  prefs jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

-- The agency's zone, Bogotá (travesia_business_tz) when it never chose one. STABLE: it reads a table.
create or replace function travesia_agency_tz(agency uuid) returns text language sql stable as $$
  select coalesce((select time_zone from agency_settings where agency_id = agency), travesia_business_tz())
$$;

-- The daily figures of an agency count its own business days; the platform row keeps the default zone.
create or replace function voucher_daily_stats_apply2(a uuid, at timestamptz, s text, n integer, amount numeric) returns void language plpgsql as $$
begin
  insert into voucher_daily_stats as v (agency_id, day, status, count, amount_usd)
  values (a, (at at time zone travesia_agency_tz(a))::date, s, n, coalesce(amount, 0)),
         ('00000000-0000-0000-0000-000000000000', (at at time zone travesia_business_tz())::date, s, n, coalesce(amount, 0))
  on conflict (agency_id, day, status) do update set count = v.count + excluded.count, amount_usd = v.amount_usd + excluded.amount_usd;
end $$;

create or replace function vouchers_stats_trigger() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    if tg_op = 'DELETE' or old.status is distinct from new.status or old.price_usd is distinct from new.price_usd
       or old.agency_id is distinct from new.agency_id or old.created_at is distinct from new.created_at then
      perform voucher_daily_stats_apply2(old.agency_id, old.created_at, old.status, -1, -coalesce(old.price_usd, 0));
    else
      return new;
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform voucher_daily_stats_apply2(new.agency_id, new.created_at, new.status, 1, new.price_usd);
    return new;
  end if;
  return old;
end $$;

create or replace function voucher_daily_stats_rebuild() returns void language plpgsql as $$
begin
  delete from voucher_daily_stats;
  insert into voucher_daily_stats (agency_id, day, status, count, amount_usd)
  select agency_id, (created_at at time zone travesia_agency_tz(agency_id))::date, status, count(*), coalesce(sum(price_usd), 0)
  from vouchers group by 1, 2, 3;
  insert into voucher_daily_stats (agency_id, day, status, count, amount_usd)
  select '00000000-0000-0000-0000-000000000000'::uuid, (created_at at time zone travesia_business_tz())::date, status, count(*), coalesce(sum(price_usd), 0)
  from vouchers group by 2, 3;
end $$;

-- One agency's figures again, after its zone changed (called in the same transaction as the change).
create or replace function voucher_daily_stats_rebuild_agency(a uuid) returns void language plpgsql as $$
begin
  delete from voucher_daily_stats where agency_id = a;
  insert into voucher_daily_stats (agency_id, day, status, count, amount_usd)
  select agency_id, (created_at at time zone travesia_agency_tz(agency_id))::date, status, count(*), coalesce(sum(price_usd), 0)
  from vouchers where agency_id = a group by 1, 2, 3;
end $$;
