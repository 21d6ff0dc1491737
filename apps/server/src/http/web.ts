import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { MESSAGES } from '@travesia/contracts';
import type { FastifyInstance } from 'fastify';
import { TOKEN_COOKIE } from './auth.js';
import { type StorefrontPageSource, storefrontPages } from './storefront-page.js';

/** Vite's content-hashed output (`assets/index-BX4o2fQk.js`, and its `.br`/`.gz` copies): safe to cache for a year. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{6,}\.[a-z0-9]+(\.br|\.gz)?$/i;

/**
 * The path as the router would see it, made comparable: percent escapes decoded (repeatedly, so
 * `%2561` counts as `a`), backslashes and repeated slashes folded, dot segments resolved, lower case.
 * Used only to refuse: anything that looks like the API or the service endpoints never gets the app.
 */
export function canonicalPath(url: string): string {
  let p = url.split('?')[0] ?? '';
  for (let i = 0; i < 4; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(p);
    } catch {
      break;
    }
    if (decoded === p) break;
    p = decoded;
  }
  p = p.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return path.posix.normalize(p.startsWith('/') ? p : `/${p}`).toLowerCase();
}

/** What the signed-in app loads before its first page: the app and its shell (decision 0570). */
const SIGNED_IN_CHUNKS = ['src/app/mount-app.tsx', 'src/app/layouts/admin-layout.tsx'];

/**
 * index.html for a visitor who carries a session cookie: the same page, plus `modulepreload` links for the signed-in
 * app and its shell and everything they import. The sign-in entry (decision 0570) preloads none of it so the sign-in
 * page stays small; without these links a signed-in visitor's first page waited for three downloads in a row
 * (entry → app → shell → page), 12–13 s in a loaded browser on CI. Null when the build has no manifest.
 */
export function signedInIndexHtml(distDir: string): string | null {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of SIGNED_IN_CHUNKS) add(key);
  if (!files.size) return null;
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const links = [...files]
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

const RESERVED = ['/api', '/health', '/metrics'];
const isReserved = (p: string) => RESERVED.some((r) => p === r || p.startsWith(`${r}/`));

/**
 * Serves the built React app: hashed assets cached for a year (their brotli/gzip copies when accepted),
 * everything else (index.html) `no-cache`,
 * and every unknown non-API path answered with index.html so the client router takes over — or, for
 * `/s/{slug}…` and a storefront host's pages, the storefront's own page (storefront-page.ts). The file
 * routes are registered in their own context that marks them public (auth is deny-by-default).
 */
export async function registerWeb(app: FastifyInstance, distDir: string | undefined, storefronts?: StorefrontPageSource) {
  const hasWeb = !!distDir && existsSync(path.join(distDir, 'index.html'));
  // The storefront's own entry (decision 0460): `/s/{slug}…` and a storefront host's pages get storefront.html.
  const storefrontPage =
    hasWeb && distDir && storefronts && existsSync(path.join(distDir, 'storefront.html')) ? storefrontPages(distDir, storefronts) : null;
  const signedInHtml = hasWeb && distDir ? signedInIndexHtml(distDir) : null;
  if (hasWeb && distDir) {
    // Decorates reply.sendFile for the fallback below without registering routes.
    await app.register(fastifyStatic, { root: distDir, serve: false, cacheControl: false });
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      const files: FastifyStaticOptions = {
        root: distDir,
        index: false,
        decorateReply: false,
        // send's own `public, max-age=0` would replace ours: the header comes only from setHeaders.
        cacheControl: false,
        // The build writes `.br` and `.gz` copies (vite-plugin-compression2, decision 0381): sent as such,
        // with Vary: Accept-Encoding, when the browser accepts them; no compression work per request.
        preCompressed: true,
        setHeaders: (res, file) => {
          res.setHeader('cache-control', HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The same URL answers brotli, gzip or plain bytes: caches must key on the encoding.
          res.setHeader('vary', 'Accept-Encoding');
        },
      };
      // The hashed assets behind one route: a route per file (~550 with their compressed copies) cost a
      // third of a second of every start (decision 0550). A name that is not there falls to the handler below.
      await web.register(fastifyStatic, { ...files, root: path.join(distDir, 'assets'), prefix: '/assets/', wildcard: true });
      // The few files beside index.html, a route each.
      await web.register(fastifyStatic, { ...files, wildcard: false, globIgnore: ['assets/**'] });
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const url = canonicalPath(req.url);
    // Every file beside index.html has its own route and a missing asset is handed here: this is not a file.
    if (isReserved(url) || !hasWeb || req.method !== 'GET' || path.extname(url)) {
      return reply.status(404).send({ success: false, error: true, code: 'ROUTE_NOT_FOUND', msg: MESSAGES['http.routeNotFound'] });
    }
    const page = storefrontPage ? await storefrontPage(req) : null;
    if (page) return reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
    // The page differs by the cookie: a shared cache must not hand one visitor's variant to the other.
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie');
    if (signedInHtml && req.cookies?.[TOKEN_COOKIE]) return reply.type('text/html; charset=utf-8').send(signedInHtml);
    return reply.sendFile('index.html');
  });
}
