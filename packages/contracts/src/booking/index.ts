export * from './flight.js';
export * from './flow-api.js';
export * from './hotel.js';
export * from './providers.js';
export * from './reserve-answer.js';
export * from './stream.js';
export * from './ticket.js';
export * from './transfer.js';
