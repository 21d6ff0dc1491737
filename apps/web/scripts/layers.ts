import path from 'node:path';

/**
 * The web's layering (apps/web/src, docs/decisions/0200): app → features → shared → lib. A layer
 * imports only itself and the layers below it; a feature never imports another feature (what two
 * features need goes to shared). `main.tsx` is the entry and may import anything; `test/` holds test
 * helpers that only test files import.
 */
/** The storefront's own entry (storefront.html, decision 0460). */
export const STOREFRONT_ENTRY = 'storefront-main.tsx';
/** The platform's entry (index.html): the sign-in pages without a session, the signed-in app lazily (decision 0570). */
export const SIGN_IN_ENTRY = 'main.tsx';

export type Layer = 'main' | 'app' | 'features' | 'shared' | 'lib' | 'test';

const RANK: Record<Exclude<Layer, 'test'>, number> = { main: 4, app: 3, features: 2, shared: 1, lib: 0 };

export interface Place {
  layer: Layer;
  /** The feature's folder name, for files under features/. */
  feature?: string;
}

/** Where a file (a path relative to src, '/'-separated) sits; null outside the layers (e.g. vite-env.d.ts). */
export function placeOf(file: string): Place | null {
  const [top, second] = file.split('/');
  if (top === SIGN_IN_ENTRY || top === STOREFRONT_ENTRY) return { layer: 'main' };
  if (top === 'features' && second) return { layer: 'features', feature: second };
  if (top === 'app' || top === 'shared' || top === 'lib' || top === 'test') return { layer: top };
  return null;
}

/** The relative module specifiers a source file imports or re-exports (static and dynamic). */
export function relativeImports(source: string): string[] {
  const specs: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]*)\1/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) specs.push(m[2] as string);
  return specs;
}

/** Why `from` may not import `to`, or null when it may. */
export function ruleBroken(from: Place, to: Place, fromIsTest: boolean): string | null {
  if (to.layer === 'test') return fromIsTest ? null : 'test/ holds test helpers: only *.test.ts files import it';
  if (from.layer === 'test') return null;
  if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature)
    return `a feature does not import another feature (${from.feature} → ${to.feature}): move what both need to shared/`;
  if (RANK[to.layer] > RANK[from.layer]) return `${from.layer} is below ${to.layer}: a lower layer never imports an upper one`;
  return null;
}

export interface Violation {
  file: string;
  specifier: string;
  reason: string;
}

/**
 * A feature's `routes.tsx` loads its pages with `lazyPage` (decision 0381): a value import of a page module
 * (`./components/…`, `./pages/…`) puts that page in every route's download, the sign-in page's included.
 * Type imports and re-exports (a small component the app shell renders itself) stay allowed.
 */
export function staticPageImports(file: string, source: string): Violation[] {
  if (!/^features\/[^/]+\/routes\.tsx$/.test(file)) return [];
  const out: Violation[] = [];
  const re = /^\s*import\s+(?!type\b)[^'"]*?from\s*(['"])(\.\/(?:components|pages)\/[^'"]*)\1/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    out.push({ file, specifier: m[2] as string, reason: 'a feature route loads its pages with lazyPage, never a static import' });
  }
  return out;
}

/** Every import of `files` (paths relative to src, with their text) that breaks the layering. */
export function layerViolations(files: { file: string; source: string }[]): Violation[] {
  const out: Violation[] = [...storefrontEntryViolations(files), ...signInEntryViolations(files)];
  for (const { file, source } of files) {
    out.push(...staticPageImports(file, source));
    const from = placeOf(file);
    if (!from) continue;
    for (const specifier of relativeImports(source)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const to = placeOf(target);
      if (!to) continue;
      const reason = ruleBroken(from, to, /\.test\.tsx?$/.test(file));
      if (reason) out.push({ file, specifier, reason });
    }
  }
  return out;
}

/** Static imports and re-exports of a source file (not `import()`), and whether each is type-only. */
export function staticImports(source: string): { specifier: string; typeOnly: boolean }[] {
  const out: { specifier: string; typeOnly: boolean }[] = [];
  const re = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s*from\s*)?(['"])([^'"]+)\2/gm;
  for (let m = re.exec(source); m; m = re.exec(source)) out.push({ specifier: m[3] as string, typeOnly: !!m[1] });
  return out;
}

/**
 * What the storefront home and the sign-in page may not download (decisions 0460, 0570): antd and its icons,
 * dayjs, charts, zod, and the contracts index (it builds every schema with zod; types and the zod-free subpaths
 * such as `@travesia/contracts/storefront-page` or `/credentials` are fine).
 */
const HEAVY_PACKAGES = [/^antd(\/|$)/, /^@ant-design\//, /^dayjs(\/|$)/, /^recharts(\/|$)/, /^zod(\/|$)/, /^@travesia\/contracts$/];

/**
 * Every file an entry loads before its first paint (its static import graph from `entry`; `import()` starts a
 * lazy chunk and is not followed) must stay light: a value import of a heavy package there is a violation,
 * reported on the file that makes it.
 */
function lightEntryViolations(files: { file: string; source: string }[], entry: string, reason: string): Violation[] {
  const byFile = new Map(files.map((f) => [f.file, f.source]));
  const resolve = (from: string, spec: string) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => byFile.has(c));
  };
  const out: Violation[] = [];
  const seen = new Set<string>();
  const queue = byFile.has(entry) ? [entry] : [];
  while (queue.length) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const { specifier, typeOnly } of staticImports(byFile.get(file) ?? '')) {
      if (typeOnly) continue;
      if (specifier.startsWith('.')) {
        const next = resolve(file, specifier);
        if (next) queue.push(next);
      } else if (HEAVY_PACKAGES.some((p) => p.test(specifier))) {
        out.push({ file, specifier, reason });
      }
    }
  }
  return out;
}

/** The storefront home's static import graph (from `storefront-main.tsx`) stays light. */
export const storefrontEntryViolations = (files: { file: string; source: string }[]) =>
  lightEntryViolations(files, STOREFRONT_ENTRY, 'the storefront home loads it before painting: import it from a lazy page, or as a type');

/** The sign-in page's static import graph (from `main.tsx`; the signed-in app is its `import()`) stays light. */
export const signInEntryViolations = (files: { file: string; source: string }[]) =>
  lightEntryViolations(
    files,
    SIGN_IN_ENTRY,
    'the sign-in page loads it before anyone signs in: import it from the signed-in app (app/mount-app.tsx and below), or as a type',
  );
