export * from './providers.js';
export * from './ticket.js';
