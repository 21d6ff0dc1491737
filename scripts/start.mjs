// @ts-check
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWebIfChanged, bundleServerIfChanged, ROOT, SERVER_BUNDLE } from './build-if-changed.mjs';

/**
 * `npm start`: builds the web and the server bundle when their sources changed (both at once when both
 * did), then runs the bundle in this process with plain `node` (decision 0550). `npm run serve` and
 * `npm run dev` run the TypeScript sources through tsx instead.
 */
const said = { fresh: 'unchanged since the last build', touched: 'unchanged since the last build', built: 'built' };
try {
  const [web, server] = await Promise.all([buildWebIfChanged(), bundleServerIfChanged()]);
  console.log(`web: ${said[web]}; server: ${said[server]}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// Stack traces name the TypeScript sources (the bundle's linked source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, SERVER_BUNDLE)).href);
