-- Issue 21 (decision 0540): an agency's settings (its branding and time zone) are kept in memory by each server
-- process for a few seconds, so every change to them must be heard by every process. Settings are saved by an
-- upsert, so inserts are announced too.
create trigger agency_settings_changes after insert or update or delete or truncate on agency_settings
  for each statement execute function travesia_notify_change();
