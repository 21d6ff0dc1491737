-- Issue 15 item 2: what the agent types is kept. `remarks`: the booking's remarks (observaciones) as
-- typed at reserve time; `cancel_reason`: the reason typed when cancelling (also the note of the
-- history's cancellation event). Both verbatim, shown on the detail, the voucher, its PDF and mails.
alter table vouchers add column if not exists remarks text;
alter table vouchers add column if not exists cancel_reason text;
-- Own-inventory bookings kept their remarks inside the product summary until now.
update vouchers set remarks = product->>'remarks'
  where remarks is null and jsonb_typeof(product->'remarks') = 'string' and btrim(product->>'remarks') <> '';
