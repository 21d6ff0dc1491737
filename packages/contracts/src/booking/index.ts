export * from './flight.js';
export * from './providers.js';
