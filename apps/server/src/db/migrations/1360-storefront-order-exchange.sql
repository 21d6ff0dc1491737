-- Issue 20: a storefront sells in its white label's display currency (docs/decisions/0560). The order keeps
-- the conversion fixed by the quote that opened it: when the rates were read and, per priced part (a hotel
-- or a ticket: one; a round-trip transfer: a leg each), the supplier's cost, its currency and the rate into
-- the order's currency. Null for orders opened before this migration. Never shown to the traveller.
alter table storefront_orders add column exchange jsonb;
