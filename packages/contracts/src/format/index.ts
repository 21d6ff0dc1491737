export * from './date.js';
export * from './money.js';
