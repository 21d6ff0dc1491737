-- The agency's deadline shift (issue 16 item 2, docs/decisions/0300): its agents' free-cancellation
-- deadline is the supplier's moved `deadline_shift_days` days earlier. The deadline rows (dashboard
-- "Vencen pronto", bookings list filter, reminders, the deadline webhook) keep the agent's deadline;
-- the payment deadline that falls back to it moves with it. The pre-reservation expiry is the
-- supplier's option and stays where the supplier put it (a pre-reserved flight's transaction expiry,
-- product.holdExpiresAt, as 0940 set it).

create or replace function travesia_agency_deadline_shift(agency uuid) returns integer language sql stable as $$
  select coalesce((select deadline_shift_days from agency_settings where agency_id = agency), 0)
$$;

-- The deadlines of one voucher, as the trigger and a change of the agency's shift compute them.
create or replace function voucher_deadlines_apply(v vouchers) returns void language plpgsql as $$
declare
  open_status boolean := v.status not in ('cancelled', 'quotation', 'needs-attention');
  supplier_due timestamptz := case when open_status then voucher_free_cancellation_due(v.policies) end;
  agent_due timestamptz := supplier_due - make_interval(days => travesia_agency_deadline_shift(v.agency_id));
  start_at timestamptz := case when v.start_date is not null then (v.start_date::timestamp at time zone travesia_agency_tz(v.agency_id)) end;
  hold_due timestamptz := case when coalesce(v.product->>'holdExpiresAt', '') ~ '^\d{4}-\d{2}-\d{2}T' then (v.product->>'holdExpiresAt')::timestamptz end;
begin
  perform voucher_deadline_set(v, 'free-cancellation', case when agent_due > v.created_at then agent_due end);
  perform voucher_deadline_set(v, 'payment',
    case when v.status in ('confirmed', 'on-request', 'pre-reserved') then coalesce(agent_due, start_at) end);
  perform voucher_deadline_set(v, 'pre-reservation',
    case when v.status = 'pre-reserved' then coalesce(hold_due, least(coalesce(supplier_due, v.created_at + interval '3 days'), start_at)) end);
end $$;

create or replace function vouchers_deadlines_trigger() returns trigger language plpgsql as $$
begin
  perform voucher_deadlines_apply(new);
  return new;
end $$;

-- A new shift moves the open deadlines of the agency's vouchers still to come; a moved deadline gets its
-- reminders for the new date (deadline_reminders is keyed by the due date).
create or replace function agency_settings_deadline_shift_trigger() returns trigger language plpgsql as $$
declare
  v vouchers;
begin
  if tg_op = 'UPDATE' and old.deadline_shift_days is not distinct from new.deadline_shift_days then
    return new;
  end if;
  for v in
    select * from vouchers
    where agency_id = new.agency_id and status not in ('cancelled', 'quotation', 'needs-attention')
      and (start_date is null or start_date >= current_date - 1)
  loop
    perform voucher_deadlines_apply(v);
  end loop;
  return new;
end $$;

create trigger agency_settings_deadline_shift after insert or update of deadline_shift_days on agency_settings
  for each row execute function agency_settings_deadline_shift_trigger();
