export * from './date.js';
export * from './money.js';
export * from './percent.js';
