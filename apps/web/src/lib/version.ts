/** The web app's version, from apps/web/package.json at build time (vite.config.ts `define`). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
