-- Flights (issue 19, docs/decisions/0290): a pre-reserved flight holds the supplier's transaction only
-- until it expires (TourVisio ~20 min), kept by the flow as product.holdExpiresAt. The pre-reservation
-- deadline is that instant when present; other kinds keep the rule of 0871/0872.
create or replace function vouchers_deadlines_trigger() returns trigger language plpgsql as $$
declare
  open_status boolean := new.status not in ('cancelled', 'quotation', 'needs-attention');
  free_due timestamptz := case when open_status then voucher_free_cancellation_due(new.policies) end;
  start_at timestamptz := case when new.start_date is not null then (new.start_date::timestamp at time zone travesia_agency_tz(new.agency_id)) end;
  hold_due timestamptz := case when coalesce(new.product->>'holdExpiresAt', '') ~ '^\d{4}-\d{2}-\d{2}T' then (new.product->>'holdExpiresAt')::timestamptz end;
begin
  perform voucher_deadline_set(new, 'free-cancellation', case when free_due > new.created_at then free_due end);
  perform voucher_deadline_set(new, 'payment',
    case when new.status in ('confirmed', 'on-request', 'pre-reserved') then coalesce(free_due, start_at) end);
  perform voucher_deadline_set(new, 'pre-reservation',
    case when new.status = 'pre-reserved' then coalesce(hold_due, least(coalesce(free_due, new.created_at + interval '3 days'), start_at)) end);
  return new;
end $$;
