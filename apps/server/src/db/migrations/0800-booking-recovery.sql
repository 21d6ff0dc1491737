-- Issue 13: lost supplier answers of every product kind share one recovery queue (modules/booking).
alter table hotel_booking_recovery rename to booking_recovery;
alter index hotel_booking_recovery_due_idx rename to booking_recovery_due_idx;
