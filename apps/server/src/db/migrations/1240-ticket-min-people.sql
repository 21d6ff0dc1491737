-- Issue 17 item 6: an own ticket's minimum group (participants per booking); 1 keeps today's tickets as they are.
alter table ticket_products
  add column min_people integer not null default 1 check (min_people >= 1);
