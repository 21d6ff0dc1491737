import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, bundle, readStamp } from './build-if-changed.mjs';

/**
 * The stamp decides between skipping and rebuilding (decision 0550), with the real esbuild on a small
 * TypeScript project in a temporary directory: the same bundle call `npm start` makes for the server.
 */
let root: string;
let builds: number;
const stampFile = () => path.join(root, 'dist/.build-stamp.json');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const run = () => execFileSync(process.execPath, [path.join(root, 'dist/main.js')], { encoding: 'utf8' }).trim();
const check = () =>
  buildIfChanged({
    root,
    stampFile: stampFile(),
    outputs: ['dist/main.js'],
    inputs: (stamp) => stamp?.inputs ?? [],
    build: () => {
      builds++;
      return bundle({ root, entry: 'src/main.ts', outdir: 'dist', extraInputs: ['package-lock.json'] });
    },
  });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'travesia-bundle-'));
  builds = 0;
  write('package-lock.json', '{"lockfileVersion":3}');
  // A static and a dynamic import, as the server's main.ts has (the dynamic one becomes a chunk).
  write('src/main.ts', "import { greeting } from './greeting.js';\nconst { n } = await import('./later.js');\nconsole.log(greeting, n);\n");
  write('src/greeting.ts', "export const greeting: string = 'hola';\n");
  write('src/later.ts', 'export const n: number = 2;\n');
  write('src/unused.ts', "export const never = 'not imported';\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildIfChanged with the server bundle', () => {
  it('bundles on the first run, then skips while nothing changed, and the bundle runs with plain node', async () => {
    expect(await check()).toBe('built');
    expect(run()).toBe('hola 2');
    // Only the files the bundle read, and the extra inputs, are compared.
    expect(readStamp(stampFile())?.inputs).toEqual(['package-lock.json', 'src/greeting.ts', 'src/later.ts', 'src/main.ts']);
    expect(await check()).toBe('fresh');
    expect(builds).toBe(1);
  });

  it('a touched file with the same content is hashed once, not rebuilt, and the next start only stats', async () => {
    await check();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'src/greeting.ts'), later, later);
    expect(await check()).toBe('touched');
    expect(await check()).toBe('fresh');
    expect(builds).toBe(1);
  });

  it('rebuilds when an imported source changes, and the bundle has the change', async () => {
    await check();
    write('src/greeting.ts', "export const greeting: string = 'buenas';\n");
    expect(await check()).toBe('built');
    expect(run()).toBe('buenas 2');
    write('src/later.ts', 'export const n: number = 3;\n');
    expect(await check()).toBe('built');
    expect(run()).toBe('buenas 3');
    // The old chunk is gone with the old bundle.
    expect(readdirSync(path.join(root, 'dist')).filter((f) => f.endsWith('.js'))).toHaveLength(2);
    expect(await check()).toBe('fresh');
  });

  it('ignores a file nothing imports until a source imports it', async () => {
    await check();
    write('src/unused.ts', "export const never = 'changed';\n");
    expect(await check()).toBe('fresh');
    write('src/main.ts', "import { never } from './unused.js';\nconsole.log(never);\n");
    expect(await check()).toBe('built');
    expect(run()).toBe('changed');
    expect(readStamp(stampFile())?.inputs).toEqual(['package-lock.json', 'src/main.ts', 'src/unused.ts']);
  });

  it('rebuilds when an extra input (the lock file) changes, an input is deleted or the bundle is missing', async () => {
    await check();
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(await check()).toBe('built');
    rmSync(path.join(root, 'dist/main.js'));
    expect(await check()).toBe('built');
    expect(run()).toBe('hola 2');
    write('src/main.ts', "console.log('sin saludo');\n");
    rmSync(path.join(root, 'src/greeting.ts'));
    expect(await check()).toBe('built');
    expect(run()).toBe('sin saludo');
    expect(builds).toBe(4);
  });

  it('a failed build leaves no stamp, so the next start builds again', async () => {
    await check();
    write('src/greeting.ts', 'export const greeting = ;\n');
    await expect(check()).rejects.toThrow();
    expect(existsSync(stampFile())).toBe(false);
    write('src/greeting.ts', "export const greeting = 'otra vez';\n");
    expect(await check()).toBe('built');
    expect(run()).toBe('otra vez 2');
  });

  it('keeps package imports external (resolved by node at run time) and inlines JSON', async () => {
    write('src/data.json', '{"pais":"Colombia"}');
    write(
      'src/main.ts',
      "import { join } from 'node:path';\nimport data from './data.json';\nimport 'some-package';\nconsole.log(join('a', data.pais));\n",
    );
    await check();
    const out = readFileSync(path.join(root, 'dist/main.js'), 'utf8');
    expect(out).toContain('import "some-package"');
    expect(out).toContain('"Colombia"');
  });
});
