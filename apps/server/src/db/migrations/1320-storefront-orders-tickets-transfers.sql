-- Issue 20 item 4: storefronts sell tickets and transfers too (docs/decisions/0530). An order's kind is
-- the product it books; `details` keeps what the traveller chose at checkout that the engine's reserve
-- needs after the payment settles (a ticket's session, language, pickup and answers; a transfer's
-- transport number and pickup address per leg, the welcome sign) — nothing of it is shown back but the
-- summary.
alter table storefront_orders drop constraint if exists storefront_orders_kind_check;
alter table storefront_orders add constraint storefront_orders_kind_check check (kind in ('hotel', 'ticket', 'transfer'));
alter table storefront_orders add column details jsonb not null default '{}'::jsonb;
