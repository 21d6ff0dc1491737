-- The storefront sweeper (docs/decisions/0421) looks for orders left in 'booking', oldest change first.
create index storefront_orders_booking_updated_idx on storefront_orders (updated_at) where status = 'booking';
