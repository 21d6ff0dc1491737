export * from './flight.js';
export * from './providers.js';
export * from './ticket.js';
export * from './transfer.js';
