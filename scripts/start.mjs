// @ts-check
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWebIfChanged, bundleServerIfChanged, ROOT, SERVER_BUNDLE } from './build-if-changed.mjs';

/**
 * `npm start`: builds the web and the server bundle when their sources changed, then runs the bundle in this
 * process with plain `node` (decision 0550). The web builds in Vite's own process while the server starts
 * (opens the database, migrates, seeds); the server builds its app, which reads the web's files, only once
 * that build finished (decision 0632). `npm run serve` and `npm run dev` run the TypeScript sources through
 * tsx instead.
 */
const said = { fresh: 'unchanged since the last build', touched: 'unchanged since the last build', built: 'built' };
/** @param {unknown} err */
const fail = (err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
};
const web = buildWebIfChanged().then((outcome) => console.log(`web: ${said[outcome]}`), fail);
// Read by the server before it builds its app (apps/server/src/lib/web-build.ts).
Object.assign(globalThis, { [Symbol.for('travesia.webBuild')]: web });
try {
  console.log(`server: ${said[await bundleServerIfChanged()]}`);
} catch (err) {
  fail(err);
}
// Stack traces name the TypeScript sources (the bundle's linked source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, SERVER_BUNDLE)).href);
