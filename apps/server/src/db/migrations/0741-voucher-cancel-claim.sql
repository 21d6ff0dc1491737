-- A supplier cancellation in progress (issue 12 finding 10, docs/decisions/0151): set by one
-- conditional UPDATE before the supplier is called and cleared when the outcome is recorded, so
-- parallel cancels of one voucher make one supplier call. A claim older than the lease (a process
-- that died mid-call) can be taken again.
alter table vouchers add column cancel_started_at timestamptz;
