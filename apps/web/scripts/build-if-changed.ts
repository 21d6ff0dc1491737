import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` builds the web only when its inputs changed since the last build: the web's sources, the
 * shared contracts and the lock file. The hash of those inputs is kept beside the build in
 * `dist/.source-hash`; a warm start then skips the ~11 s Vite build.
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

function* files(target: string): Generator<string> {
  if (!existsSync(target)) return;
  if (!statSync(target).isDirectory()) {
    yield target;
    return;
  }
  for (const entry of readdirSync(target).sort()) yield* files(path.join(target, entry));
}

const hash = createHash('sha256');
for (const input of INPUTS) {
  for (const file of files(path.join(root, input))) hash.update(path.relative(root, file)).update(readFileSync(file));
}
const current = hash.digest('hex');

if (
  existsSync(path.join(web, 'dist', 'index.html')) &&
  existsSync(path.join(web, 'dist', 'storefront.html')) &&
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8') === current
) {
  console.log('web: sources unchanged since the last build, not rebuilt');
} else {
  const built = spawnSync('npm', ['run', 'build', '-w', '@travesia/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(stamp, current);
}
