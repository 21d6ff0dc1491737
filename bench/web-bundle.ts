/**
 * `npm run bench:bundle`: what the browser downloads for a route of the built web (apps/web/dist). The
 * signed-out pages (`/`, `/request-password`, `/remember-password`) are the sign-in entry's (decision 0570):
 * what the built index.html loads — its module script and every `modulepreload` link (a preloaded chunk is
 * downloaded whether it runs or not) — with their static imports from Vite's manifest. A signed-in route adds
 * the signed-in app (`app/mount-app.tsx`), the admin layout and the route's own page chunk, each with its
 * static imports. Sizes raw, gzip (level 9, what the served `.gz` holds) and brotli (the `.br`).
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

/** The signed-in app, loaded after the sign-in entry (main.tsx), and the layout every signed-in page sits in. */
const APP = 'src/app/mount-app.tsx';
const ADMIN_LAYOUT = 'src/app/layouts/admin-layout.tsx';
/** The signed-in routes measured: the page module each one loads lazily (features' routes.tsx). */
const ROUTES: Array<{ route: string; page: string }> = [
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

// What index.html makes the browser fetch before anything else: its scripts, preloads and stylesheets.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const linked = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1] as string);
const htmlJs = [
  ...linked(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g),
  ...linked(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/([^"]+\.js)"/g),
];
const htmlCss = linked(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\/([^"]+\.css)"/g);
const signInJs = [...new Set([...htmlJs, ...jsOf(entryKeys)])];
const signIn = total(signInJs);
const signInCss = total(htmlCss);
console.log(
  `Sign-in entry (index.html: ${htmlJs.length} scripts and preloads, ${signInJs.length} chunks with their imports): ${kb(signIn.raw)} raw, ${kb(signIn.gzip)} gzip, ${kb(signIn.brotli)} brotli; CSS ${kb(signInCss.gzip)} gzip`,
);
const appFile = manifest[APP]?.file;
if (!appFile) {
  console.error(`No ${APP} in the manifest: the signed-in app is no longer a chunk of its own.`);
  process.exit(1);
}
if (signInJs.includes(appFile)) {
  console.error(`index.html loads the signed-in app (${appFile}): the sign-in page would download antd.`);
  process.exit(1);
}
const appKeys = closure([APP, ADMIN_LAYOUT], new Set(entryKeys));
const app = total(jsOf(appKeys));
console.log(`Signed-in app (${APP} and the admin layout, with their imports, after the entry): ${kb(app.raw)} raw, ${kb(app.gzip)} gzip`);

if (manifest['storefront.html']?.isEntry) {
  const home = total(jsOf(closure(['storefront.html'])));
  console.log(
    `Storefront home (storefront.html, static imports only): ${kb(home.raw)} raw, ${kb(home.gzip)} gzip, ${kb(home.brotli)} brotli`,
  );
}

console.log('\n| Route | JavaScript raw | gzip | brotli |\n|---|---:|---:|---:|');
console.log(`| /, /request-password, /remember-password (signed out) | ${kb(signIn.raw)} | ${kb(signIn.gzip)} | ${kb(signIn.brotli)} |`);
for (const r of ROUTES) {
  if (!manifest[r.page]) {
    console.log(`| ${r.route} | page chunk not found (${r.page}) | | |`);
    continue;
  }
  const t = total([...new Set([...signInJs, ...jsOf(closure([APP, ADMIN_LAYOUT, r.page]))])]);
  console.log(`| ${r.route} | ${kb(t.raw)} | ${kb(t.gzip)} | ${kb(t.brotli)} |`);
}
const ok = signIn.gzip <= LOGIN_TARGET_GZIP;
console.log(`\nLogin route JavaScript: ${kb(signIn.gzip)} gzip (target ≤ ${kb(LOGIN_TARGET_GZIP)}): ${ok ? 'PASS' : 'FAIL'}`);
process.exit(ok ? 0 : 1);
