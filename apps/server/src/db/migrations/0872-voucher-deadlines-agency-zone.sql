-- A voucher's service day starts in its agency's zone (issue 16: no hard-coded zone), not in Bogotá:
-- the payment and pre-reservation deadlines that fall back to the service start use travesia_agency_tz.
create or replace function vouchers_deadlines_trigger() returns trigger language plpgsql as $$
declare
  open_status boolean := new.status not in ('cancelled', 'quotation', 'needs-attention');
  free_due timestamptz := case when open_status then voucher_free_cancellation_due(new.policies) end;
  start_at timestamptz := case when new.start_date is not null then (new.start_date::timestamp at time zone travesia_agency_tz(new.agency_id)) end;
begin
  perform voucher_deadline_set(new, 'free-cancellation', case when free_due > new.created_at then free_due end);
  perform voucher_deadline_set(new, 'payment',
    case when new.status in ('confirmed', 'on-request', 'pre-reserved') then coalesce(free_due, start_at) end);
  perform voucher_deadline_set(new, 'pre-reservation',
    case when new.status = 'pre-reserved' then least(coalesce(free_due, new.created_at + interval '3 days'), start_at) end);
  return new;
end $$;
