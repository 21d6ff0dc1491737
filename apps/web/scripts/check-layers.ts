import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { layerViolations } from './layers';

/** `npm run check:layers`: fails when a file of apps/web/src breaks the layering (layers.ts). */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => ({ file: f.split(path.sep).join('/'), source: readFileSync(path.join(src, f), 'utf8') }));
const violations = layerViolations(files);
for (const v of violations) console.error(`apps/web/src/${v.file}: imports '${v.specifier}': ${v.reason}`);
if (violations.length) {
  console.error(`${violations.length} layering violation(s) in apps/web/src`);
  process.exit(1);
}
console.log(`web layering: ${files.length} files, no violation`);
