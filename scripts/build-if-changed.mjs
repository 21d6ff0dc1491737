// @ts-check
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What `npm start` builds before it runs, each only when its inputs changed since the last build
 * (decisions 0470, 0550): the web (Vite) and the server (one esbuild bundle of apps/server with the
 * supplier simulator and the contracts it imports, run with plain `node`). Plain JavaScript, type-checked
 * from its JSDoc (scripts/tsconfig.json): a warm start must not pay for loading a TypeScript loader.
 *
 * Each build keeps a stamp beside its output: the inputs' list, a hash of their paths, sizes and
 * modification times, and a hash of their contents. A warm start only stats the inputs; when a stat
 * changed (a checkout, a touched file) the contents are hashed, and the build runs only when they differ.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {{ inputs: string[], stat: string, content: string }} Stamp */
/** @typedef {'fresh' | 'touched' | 'built'} Outcome fresh: stats unchanged; touched: stats changed, contents not; built: rebuilt. */

/**
 * Every file under `entries` (files or directories, relative to `root`), sorted, relative to `root`.
 * @param {string} root
 * @param {string[]} entries
 * @returns {string[]}
 */
export function listFiles(root, entries) {
  /** @type {string[]} */
  const out = [];
  /** @param {string} rel */
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (!statSync(abs).isDirectory()) {
      out.push(rel);
      return;
    }
    for (const entry of readdirSync(abs).sort()) walk(path.join(rel, entry));
  };
  for (const entry of entries) walk(entry);
  return out;
}

/**
 * Hash of the inputs' paths, sizes and modification times; a missing input hashes as missing. Both
 * hashes cover the paths: an input added or removed changes them.
 * @param {string} root
 * @param {string[]} files
 */
export function statHash(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const stat = statSync(path.join(root, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stat ? `${stat.size}\0${stat.mtimeMs}` : 'missing'}\n`);
  }
  return hash.digest('hex');
}

/**
 * Hash of the inputs' paths and contents.
 * @param {string} root
 * @param {string[]} files
 */
export function contentHash(root, files) {
  const hash = createHash('sha256');
  for (const file of files) {
    const abs = path.join(root, file);
    hash.update(`${file}\0`).update(existsSync(abs) ? readFileSync(abs) : 'missing');
  }
  return hash.digest('hex');
}

/**
 * @param {string} file
 * @returns {Stamp | null}
 */
export function readStamp(file) {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(stamp.inputs) && typeof stamp.stat === 'string' && typeof stamp.content === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} file
 * @param {Stamp} stamp
 */
const writeStamp = (file, stamp) => writeFileSync(file, `${JSON.stringify(stamp)}\n`);

/**
 * Runs `build` unless the outputs exist and the inputs are those of the stamp. `inputs` gives the input
 * files to compare: the web's is a fixed list of directories; the server's comes from the stamp itself
 * (the files esbuild read for the last bundle), so a file no source imports never triggers a build.
 * `build` returns the inputs it used. The stamp is removed before a build and written after it, so an
 * interrupted build is never taken for a finished one.
 * @param {{ root: string, stampFile: string, outputs: string[], inputs: (stamp: Stamp | null) => string[], build: () => Promise<string[]> | string[] }} target
 * @returns {Promise<Outcome>}
 */
export async function buildIfChanged({ root, stampFile, outputs, inputs, build }) {
  const stamp = readStamp(stampFile);
  const built = stamp !== null && outputs.every((o) => existsSync(path.join(root, o)));
  if (built) {
    const files = inputs(stamp);
    const stat = statHash(root, files);
    if (stat === stamp.stat) return 'fresh';
    if (contentHash(root, files) === stamp.content) {
      writeStamp(stampFile, { ...stamp, stat });
      return 'touched';
    }
  }
  rmSync(stampFile, { force: true });
  const used = await build();
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeStamp(stampFile, { inputs: used, stat: statHash(root, used), content: contentHash(root, used) });
  return 'built';
}

/** The web's inputs: its sources, the shared contracts and the lock file. */
const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/storefront.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

/**
 * The web app with Vite when its inputs changed. Both pages must be there (the admin app and the
 * storefront, decision 0460).
 * @param {string} [root]
 */
export function buildWebIfChanged(root = ROOT) {
  return buildIfChanged({
    root,
    stampFile: path.join(root, 'apps/web/dist/.build-stamp.json'),
    outputs: ['apps/web/dist/index.html', 'apps/web/dist/storefront.html'],
    inputs: () => listFiles(root, WEB_INPUTS),
    build: async () => {
      const status = await new Promise((resolve, reject) =>
        spawn('npm', ['run', 'build', '-w', '@travesia/web'], { cwd: root, stdio: 'inherit' }).once('error', reject).once('exit', resolve),
      );
      if (status !== 0) throw new Error(`the web build failed (exit ${status})`);
      return listFiles(root, WEB_INPUTS);
    },
  });
}

/**
 * Pure JavaScript packages bundled with our code rather than loaded by `node`: date-fns's entry point
 * loads its ~250 modules, of which the bundle keeps the few it uses. Only packages no external package
 * imports (two copies of a package whose objects cross between them would break `instanceof`).
 */
const BUNDLED_PACKAGES = ['date-fns', '@date-fns/tz'];
/** @param {string} specifier */
const bundled = (specifier) =>
  specifier.startsWith('@travesia/') ||
  specifier.endsWith('.json') ||
  BUNDLED_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`));

/**
 * Bundles `entry` into ES modules in `outdir` (emptied first): `<entry name>.js`, a chunk per part only
 * imported dynamically (loaded when imported, with its own package imports), each with a linked source
 * map. Our own code is bundled: relative imports, the workspace packages (`@travesia/*`, TypeScript that
 * plain `node` cannot load), JSON files (inlined) and BUNDLED_PACKAGES. Every other package stays an
 * import resolved by `node` at run time from node_modules, as under tsx: native and WebAssembly packages
 * (argon2, sharp, PGlite) and those that read files beside their code (pdfkit's fonts, the place
 * packages, Swagger UI's assets) keep working unchanged. Chunks sit beside the entry, so code that finds
 * files from its own `import.meta.url` sees the same directory in every chunk. Returns the bundle's
 * inputs (the files esbuild read) and `extraInputs`, relative to `root`.
 * @param {{ root: string, entry: string, outdir: string, extraInputs?: string[] }} options
 * @returns {Promise<string[]>}
 */
export async function bundle({ root, entry, outdir, extraInputs = [] }) {
  const esbuild = await import('esbuild');
  rmSync(path.join(root, outdir), { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    outdir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args.path) ? undefined : { external: true }));
        },
      },
    ],
  });
  const read = Object.keys(result.metafile.inputs).map((file) => path.relative(root, path.resolve(root, file)));
  return [...new Set([...read, ...extraInputs])].sort();
}

export const SERVER_BUNDLE = 'apps/server/dist/main.js';

/**
 * The server bundle (apps/server/src/main.ts with start.ts in a chunk of its own, the simulator and the
 * contracts) when its inputs changed: the files the last bundle read, the lock file (esbuild's version)
 * and this script (the bundle's options). It lives in apps/server/dist/, one level below apps/server
 * like src/ (paths.ts).
 * @param {string} [root]
 */
export function bundleServerIfChanged(root = ROOT) {
  const extraInputs = ['package-lock.json', path.relative(root, fileURLToPath(import.meta.url))];
  return buildIfChanged({
    root,
    stampFile: path.join(root, 'apps/server/dist/.build-stamp.json'),
    outputs: [SERVER_BUNDLE],
    inputs: (stamp) => stamp?.inputs ?? [],
    build: () => bundle({ root, entry: 'apps/server/src/main.ts', outdir: 'apps/server/dist', extraInputs }),
  });
}
