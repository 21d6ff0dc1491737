export * from './providers.js';
