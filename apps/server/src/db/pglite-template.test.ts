import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';
import { schemaDigest } from './pglite-template.js';

/** Decision 0631: a new embedded database starts from a copy already migrated with exactly these migrations. */
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'travesia-template-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('migrated PGlite template', () => {
  it("the schema digest follows the migrations' names and contents, and nothing else", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '0001-a.sql'), 'create table a (id int);');
    writeFileSync(path.join(dir, 'README.md'), 'not a migration');
    const first = schemaDigest(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'still not a migration');
    expect(schemaDigest(dir)).toBe(first);
    writeFileSync(path.join(dir, '0001-a.sql'), 'create table a (id bigint);');
    const edited = schemaDigest(dir);
    expect(edited).not.toBe(first);
    writeFileSync(path.join(dir, '0002-b.sql'), 'create table b (id int);');
    expect(schemaDigest(dir)).not.toBe(edited);
  });

  it('once a new database migrated and saved itself, the next new one starts migrated: nothing left to apply, no data', async () => {
    const first = await openDatabase({ dataDir: path.join(tempDir(), 'pglite') });
    try {
      // A previous run (or start) may have saved the copy already; then this one starts from it too.
      const applied = await migrate(first);
      if (first.saveMigratedTemplate) {
        expect(applied.length).toBeGreaterThan(0);
        await first.saveMigratedTemplate();
      } else expect(applied).toEqual([]);
    } finally {
      await first.close();
    }
    const next = await openDatabase({ dataDir: path.join(tempDir(), 'pglite') });
    try {
      expect(next.saveMigratedTemplate).toBeUndefined();
      expect(await migrate(next)).toEqual([]);
      const users = await next.withScriptConnection((run) => run('select count(*)::int as n from users'));
      expect(users[0].n).toBe(0);
    } finally {
      await next.close();
    }
  }, 120_000);
});
