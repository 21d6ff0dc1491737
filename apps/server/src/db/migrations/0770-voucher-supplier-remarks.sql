-- Issue 14: what the supplier asks to be printed on the voucher (Hotelbeds' "Payable through … VAT …
-- Reference" line and rate comments, Restel's hotel and confirmation observations, Juniper's comments),
-- kept verbatim as the supplier sent them, in their order (docs/decisions/0180).
alter table vouchers add column if not exists supplier_remarks jsonb not null default '[]'::jsonb;
