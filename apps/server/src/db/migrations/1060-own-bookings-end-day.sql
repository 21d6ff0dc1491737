-- Issue 13: own hotels are reserved through the engine like own tickets and transfers
-- (suppliers/travesia/hotel-adapter.ts, docs/decisions/0350). A hotel hold spans nights: `day` is the
-- check-in, `end_day` the check-out (exclusive); null for kinds held on one day.
alter table own_bookings add column end_day date;
alter table own_bookings add constraint own_bookings_end_day_after_day check (end_day is null or end_day > day);
create index own_bookings_live_product_idx on own_bookings (product_id) where status = 'confirmed';
