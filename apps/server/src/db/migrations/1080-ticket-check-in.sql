-- Issue 17 item 6: an own ticket's QR (our reference) is checked in once at the entrance. The
-- conditional update on checked_in_at is null makes a second check-in (or a race of two) refuse.
alter table own_bookings
  add column checked_in_at timestamptz,
  add column checked_in_by uuid,
  add column checked_in_by_name text;
