-- Deadlines of every voucher as rows, and the reminders sent for them (docs/decisions/0263-0264).

create table voucher_deadlines (
  id uuid primary key default gen_random_uuid(),
  voucher_id uuid not null references vouchers(id) on delete cascade,
  agency_id uuid not null,
  kind text not null, -- free-cancellation | payment | pre-reservation
  due_at timestamptz not null,
  -- set when the deadline no longer applies (cancelled, paid, confirmed); reopened if it applies again
  closed_at timestamptz,
  unique (voucher_id, kind)
);
create index voucher_deadlines_open_idx on voucher_deadlines (due_at) where closed_at is null;
create index voucher_deadlines_agency_idx on voucher_deadlines (agency_id, due_at) where closed_at is null;

-- One row per reminder: the primary key is what makes "exactly one reminder per offset" hold with any
-- number of processes (the first insert wins, the others do nothing). A moved deadline (new due_at)
-- gets its reminders again.
create table deadline_reminders (
  deadline_id uuid not null references voucher_deadlines(id) on delete cascade,
  due_at timestamptz not null,
  offset_days integer not null,
  sent_at timestamptz not null default now(),
  primary key (deadline_id, due_at, offset_days)
);

create table agency_reminder_settings (
  agency_id uuid primary key references agencies(id),
  offsets integer[] not null default '{7,3}',
  -- after the smallest offset, one reminder a day until the deadline
  daily boolean not null default true,
  updated_at timestamptz not null default now()
);

-- The free-cancellation deadline of normalised rules {from, amount|percent|nights}: the first `from`
-- with a penalty. Malformed rules are skipped, never allowed to fail the voucher's write.
create or replace function voucher_free_cancellation_due(policies jsonb) returns timestamptz language plpgsql immutable as $$
declare
  r jsonb;
  due timestamptz;
  at timestamptz;
begin
  if jsonb_typeof(policies) <> 'array' then return null; end if;
  for r in select * from jsonb_array_elements(policies) loop
    begin
      if coalesce((r->>'percent')::numeric, (r->>'amount')::numeric, (r->>'nights')::numeric, 0) > 0 then
        at := (r->>'from')::timestamptz;
        if due is null or at < due then due := at; end if;
      end if;
    exception when others then
      null;
    end;
  end loop;
  return due;
end $$;

create or replace function voucher_deadline_set(v vouchers, k text, due timestamptz) returns void language plpgsql as $$
begin
  if due is null then
    update voucher_deadlines set closed_at = now() where voucher_id = v.id and kind = k and closed_at is null;
  else
    insert into voucher_deadlines as d (voucher_id, agency_id, kind, due_at) values (v.id, v.agency_id, k, due)
    on conflict (voucher_id, kind) do update set due_at = excluded.due_at, closed_at = null
    where d.due_at is distinct from excluded.due_at or d.closed_at is not null;
  end if;
end $$;

-- The one place deadlines are kept: every insert of a voucher and every change of its status,
-- policies or dates, whatever module wrote it.
create or replace function vouchers_deadlines_trigger() returns trigger language plpgsql as $$
declare
  open_status boolean := new.status not in ('cancelled', 'quotation', 'needs-attention');
  free_due timestamptz := case when open_status then voucher_free_cancellation_due(new.policies) end;
  start_at timestamptz := case when new.start_date is not null then (new.start_date::timestamp at time zone travesia_business_tz()) end;
begin
  perform voucher_deadline_set(new, 'free-cancellation', case when free_due > new.created_at then free_due end);
  perform voucher_deadline_set(new, 'payment',
    case when new.status in ('confirmed', 'on-request', 'pre-reserved') then coalesce(free_due, start_at) end);
  perform voucher_deadline_set(new, 'pre-reservation',
    case when new.status = 'pre-reserved' then least(coalesce(free_due, new.created_at + interval '3 days'), start_at) end);
  return new;
end $$;

create trigger vouchers_deadlines after insert or update of status, policies, start_date on vouchers
  for each row execute function vouchers_deadlines_trigger();
