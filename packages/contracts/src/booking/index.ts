export * from './providers.js';
export * from './transfer.js';
