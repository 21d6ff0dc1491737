// One file per table group; each module adds its file here.
export * from './agencies.js';
export * from './places.js';
export * from './provider-accounts.js';
export * from './users.js';
