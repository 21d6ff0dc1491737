// One file per table group; each module adds its file here.
export * from './agencies.js';
export * from './agency-settings.js';
export * from './booking.js';
export * from './hotel-booking.js';
export * from './integrations.js';
export * from './inventory.js';
export * from './outbox.js';
export * from './own-bookings.js';
export * from './places.js';
export * from './pricing.js';
export * from './provider-accounts.js';
export * from './storefront.js';
export * from './supplier-audit.js';
export * from './users.js';
export * from './vouchers.js';
export * from './white-labels.js';
