import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // Brotli and gzip copies of the built assets, made once at build time and served by @fastify/static's
  // `preCompressed` (decision 0381); index.html is excluded (tiny, never cached, sent by the app fallback).
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.html$/], logLevel: 'silent' })],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/health': 'http://localhost:3000' },
  },
  // No source maps in the build: the server serves dist/ publicly, and maps would publish the web's source.
  // The manifest (which chunk each route pulls in) is what `npm run bench:bundle` measures.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rolldownOptions: {
      // Two pages: the platform's app (index.html) and the storefront's own entry (storefront.html, decision
      // 0460: React, the router, TanStack Query and a home without antd; the other storefront pages load lazily).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        storefront: fileURLToPath(new URL('./storefront.html', import.meta.url)),
      },
      output: {
        // zod probes `new Function` when a schema is built unless `jitless` is set first, and the CSP reports
        // the probe (decision 0112). Automatic splitting put schema-building chunks before main.tsx's setting;
        // one chunk holding zod and src/lib/zod-jitless.ts runs the setting before any chunk that imports zod.
        // The storefront entry's home imports no zod; its lazy pages reach zod through this same chunk.
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/ }] },
      },
    },
  },
});
