-- Issue 21 item 4 (decision 0760): a streamed search's look-ups before its supplier requests leave — the agency's
-- usable provider accounts, the searched place with its supplier codes — are kept in memory by each server process
-- for a few seconds, so every change to the tables they come from must be heard by every process. A new account or
-- destination mapping changes what they answer, so inserts are announced too.
create trigger provider_accounts_changes after insert or update or delete or truncate on provider_accounts
  for each statement execute function travesia_notify_change();
create trigger places_changes after insert or update or delete or truncate on places
  for each statement execute function travesia_notify_change();
create trigger supplier_destinations_changes after insert or update or delete or truncate on supplier_destinations
  for each statement execute function travesia_notify_change();
