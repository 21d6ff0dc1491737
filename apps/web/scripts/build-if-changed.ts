import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` builds the web only when its inputs changed since the last build: the web's sources, the
 * shared contracts and the lock file. The hash of those inputs is kept beside the build in
 * `dist/.source-hash`; a warm start then skips the ~11 s Vite build. Reading every input to hash it is
 * itself skipped when no input's path, size or modification time changed (`dist/.source-stat`, a hash
 * of those): a warm start then only stats the files. A touched but unchanged file costs one hash.
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '../..');
const INPUTS = [
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
const stamp = path.join(web, 'dist', '.source-hash');
const statStamp = path.join(web, 'dist', '.source-stat');

function* files(target: string): Generator<string> {
  if (!existsSync(target)) return;
  if (!statSync(target).isDirectory()) {
    yield target;
    return;
  }
  for (const entry of readdirSync(target).sort()) yield* files(path.join(target, entry));
}

const inputs = INPUTS.flatMap((input) => [...files(path.join(root, input))]);
const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
// Both inputs' pages must be there (the admin app and the storefront, decision 0460).
const built = existsSync(path.join(web, 'dist', 'index.html')) && existsSync(path.join(web, 'dist', 'storefront.html'));

const statHash = createHash('sha256');
for (const file of inputs) {
  const { size, mtimeMs } = statSync(file);
  statHash.update(`${path.relative(root, file)}\0${size}\0${mtimeMs}\n`);
}
const currentStat = statHash.digest('hex');

if (built && read(stamp) !== null && read(statStamp) === currentStat) {
  console.log('web: sources unchanged since the last build, not rebuilt');
} else {
  const hash = createHash('sha256');
  for (const file of inputs) hash.update(path.relative(root, file)).update(readFileSync(file));
  const current = hash.digest('hex');
  if (built && read(stamp) === current) {
    console.log('web: sources unchanged since the last build, not rebuilt');
  } else {
    const result = spawnSync('npm', ['run', 'build', '-w', '@travesia/web'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stamp, current);
  }
  writeFileSync(statStamp, currentStat);
}
