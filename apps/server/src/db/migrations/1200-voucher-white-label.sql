-- Issue 20: a storefront booking keeps its white label by id (docs/decisions/0420-voucher-white-label.md).
-- The integrator names the shop by slug ('storefront:<slug>', decision 0340), which the admin may rename;
-- the id survives a rename, so the channel's name and the per-shop filter follow the white label.
alter table vouchers add column white_label_id uuid references white_labels (id) on delete set null;

-- Bookings made before this column: the white label of the voucher's agency whose slug the integrator names.
update vouchers v set white_label_id = wl.id
  from white_labels wl
  where v.integrator like 'storefront:%' and wl.agency_id = v.agency_id and v.integrator = 'storefront:' || wl.slug;

-- The list and the dashboard cut by one shop, newest first; only storefront bookings carry it.
create index vouchers_white_label_created_idx on vouchers (white_label_id, created_at desc, id desc)
  where white_label_id is not null;
