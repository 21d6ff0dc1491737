export * from './admin.js';
export * from './site.js';
