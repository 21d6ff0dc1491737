-- Issue 20 item 5: the bookings list and the dashboard filter by sales channel (back office or a white
-- label's storefront). A storefront booking names its shop as integrator ('storefront:<slug>',
-- decision 0340), so the channel is a stored generated column derived from it: backfilled by the
-- table rewrite, never out of step with the integrator (docs/decisions/0390-voucher-channel.md).
alter table vouchers add column channel text not null
  generated always as (case when integrator like 'storefront:%' then 'storefront' else 'backoffice' end) stored;

-- The list filtered by channel without text: an agency's channel, newest first.
create index vouchers_agency_channel_created_idx on vouchers (agency_id, channel, created_at desc, id desc);

-- The text filter's window (0057, 0310, migration 0980) checks the list filters on the order index's
-- entries alone; the channel joins the columns those indexes carry so it stays index-only. Same names.
create index vouchers_agency_created_filter_idx_1140 on vouchers (agency_id, created_at desc, id desc)
  include (search_text, status, provider, type, channel);
drop index vouchers_agency_created_filter_idx;
alter index vouchers_agency_created_filter_idx_1140 rename to vouchers_agency_created_filter_idx;

create index vouchers_created_filter_idx_1140 on vouchers (created_at desc, id desc)
  include (search_text, status, provider, type, channel);
drop index vouchers_created_filter_idx;
alter index vouchers_created_filter_idx_1140 rename to vouchers_created_filter_idx;

create index vouchers_user_created_filter_idx_1140 on vouchers (user_id, created_at desc, id desc)
  include (agency_id, search_text, status, provider, type, channel) where user_id is not null;
drop index vouchers_user_created_filter_idx;
alter index vouchers_user_created_filter_idx_1140 rename to vouchers_user_created_filter_idx;

analyze vouchers;
