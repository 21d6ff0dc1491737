import { z } from 'zod';

z.config(z.locales.es());

export * from './dashboard.js';
export * from './format/index.js';
export * from './hotel-booking.js';
export * from './hotel-cancellation.js';
export * from './inventory.js';
export * from './markup.js';
export * from './menus.js';
export * from './messages.js';
export * from './modules.js';
export * from './permissions.js';
export * from './places.js';
export * from './pricing.js';
export * from './provider-account.js';
export * from './routes.js';
export * from './schemas/agency.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/supplier-audit.js';
export * from './schemas/user.js';
export * from './shell-messages.js';
export * from './supplier-messages.js';
export * from './suppliers.js';
export * from './user-types.js';
export * from './voucher-status.js';
export * from './vouchers.js';
