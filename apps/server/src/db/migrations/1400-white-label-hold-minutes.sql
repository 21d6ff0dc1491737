-- Issue 20 (docs/decisions/0601): how long a white label's storefront holds a quoted price while the traveller
-- pays, in minutes. Null: the platform's STOREFRONT_HOLD_MINUTES (15 by default). Never longer than the quote.
alter table white_labels add column hold_minutes integer check (hold_minutes is null or hold_minutes between 1 and 60);
