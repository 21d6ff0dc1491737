/**
 * `npm run bench:bundle`: what the browser downloads for a route of the built web (apps/web/dist), from
 * Vite's manifest: the entry chunk and its static imports, plus the route's own lazily loaded page chunk
 * and its static imports. Sizes raw, gzip (level 9, what the served `.gz` holds) and brotli (the `.br`).
 * Target (issue 15 item 6): the login route's JavaScript ≤ 200 KB gzip. Exit code 1 when it is over.
 * `--no-build` measures the dist as it is; by default the web is built first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const LOGIN_TARGET_GZIP = 200 * 1024;

/** The routes measured: the page module each one loads lazily (features' routes.tsx). */
const ROUTES: Array<{ route: string; page: string }> = [
  { route: '/ (login)', page: 'src/features/auth/components/login-page.tsx' },
  { route: '/dashboard', page: 'src/features/dashboard/components/dashboard-page.tsx' },
  { route: '/hotels/search', page: 'src/features/hotels/components/hotel-search-page.tsx' },
  { route: '/booking', page: 'src/features/vouchers/components/booking-list-page.tsx' },
];

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${path.relative(root, manifestPath)}: build the web first (npm run build:web).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

/** A chunk and everything it imports statically (what loads before it can run). */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const k of keys) {
    if (seen.has(k) || !manifest[k]) continue;
    seen.add(k);
    closure(manifest[k].imports ?? [], seen);
  }
  return seen;
}

const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizes(file: string) {
  let s = sizeCache.get(file);
  if (!s) {
    const buf = readFileSync(path.join(dist, file));
    s = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length, brotli: brotliCompressSync(buf).length };
    sizeCache.set(file, s);
  }
  return s;
}
const total = (files: string[]) =>
  files.reduce(
    (t, f) => {
      const s = sizes(f);
      return { raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// Two inputs since decision 0460: the platform's app (index.html) and the storefront's own page (storefront.html).
const entryKey = manifest['index.html']?.isEntry
  ? 'index.html'
  : Object.keys(manifest).find((k) => manifest[k].isEntry && k !== 'storefront.html');
if (!entryKey) throw new Error('no entry chunk in the manifest');
const entryKeys = closure([entryKey]);
const jsOf = (keys: Set<string>) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));

const allJs = [
  ...new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js')),
  ),
];
const all = total(allJs);
const largest = allJs.map((f) => ({ f, ...sizes(f) })).sort((a, b) => b.gzip - a.gzip)[0];
console.log(
  `Web bundle (${path.relative(root, dist)}): ${allJs.length} JavaScript chunks, ${kb(all.raw)} raw, ${kb(all.gzip)} gzip in all`,
);
console.log(`Largest chunk: ${largest.f} ${kb(largest.raw)} raw, ${kb(largest.gzip)} gzip`);
const entry = total(jsOf(entryKeys));
console.log(`Entry (every route): ${kb(entry.raw)} raw, ${kb(entry.gzip)} gzip, ${kb(entry.brotli)} brotli`);

if (manifest['storefront.html']?.isEntry) {
  const home = total(jsOf(closure(['storefront.html'])));
  console.log(
    `Storefront home (storefront.html, static imports only): ${kb(home.raw)} raw, ${kb(home.gzip)} gzip, ${kb(home.brotli)} brotli`,
  );
}

let loginGzip = Number.POSITIVE_INFINITY;
console.log('\n| Route | JavaScript raw | gzip | brotli |\n|---|---:|---:|---:|');
for (const r of ROUTES) {
  if (!manifest[r.page]) {
    console.log(`| ${r.route} | page chunk not found (${r.page}) | | |`);
    continue;
  }
  const t = total(jsOf(closure([r.page], new Set(entryKeys))));
  if (r.route.includes('login')) loginGzip = t.gzip;
  console.log(`| ${r.route} | ${kb(t.raw)} | ${kb(t.gzip)} | ${kb(t.brotli)} |`);
}
const ok = loginGzip <= LOGIN_TARGET_GZIP;
console.log(`\nLogin route JavaScript: ${kb(loginGzip)} gzip (target ≤ ${kb(LOGIN_TARGET_GZIP)}): ${ok ? 'PASS' : 'FAIL'}`);
process.exit(ok ? 0 : 1);
