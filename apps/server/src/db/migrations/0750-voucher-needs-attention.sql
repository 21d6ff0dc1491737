-- Issue 14: a booking whose outcome the supplier never confirmed within the recovery window is not
-- cancelled locally any more; it waits for a person as 'needs-attention' (docs/decisions/0162).
alter table vouchers drop constraint if exists vouchers_status_check;
alter table vouchers add constraint vouchers_status_check
  check (status in ('confirmed', 'confirmed-paid', 'cancelled', 'on-request', 'quotation', 'pending-provider', 'pre-reserved', 'needs-attention'));
