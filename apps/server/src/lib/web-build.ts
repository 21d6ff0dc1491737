/**
 * The web build `npm start` runs beside the server's own start (scripts/start.mjs, decision 0632): Vite works
 * in its own process while this one opens the database and seeds, and the app reads the web's files only
 * once the build finished. `npm run serve`, `dev` and the tests start with no build pending.
 */
const PENDING = Symbol.for('travesia.webBuild');

/** Resolves when the web build `npm start` began has finished (at once when none was begun). */
export async function webBuildFinished(): Promise<void> {
  await (globalThis as { [PENDING]?: Promise<unknown> })[PENDING];
}
