import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type FileRow, files } from '../../db/schema/index.js';

export type NewFile = typeof files.$inferInsert;

export class FileRepository {
  constructor(private readonly db: Db) {}

  async findByName(name: string): Promise<FileRow | undefined> {
    const [row] = await this.db.select().from(files).where(eq(files.name, name)).limit(1);
    return row;
  }

  /** Inserts the row, or answers the existing one when the same content was uploaded before. */
  async insertOrGet(values: NewFile): Promise<{ row: FileRow; created: boolean }> {
    const [row] = await this.db.insert(files).values(values).onConflictDoNothing({ target: files.name }).returning();
    if (row) return { row, created: true };
    const existing = await this.findByName(values.name);
    if (!existing) throw new Error(`file ${values.name} vanished during upload`);
    return { row: existing, created: false };
  }

  async existingNames(names: string[]): Promise<Set<string>> {
    if (!names.length) return new Set();
    const rows = await this.db.select({ name: files.name }).from(files).where(inArray(files.name, names));
    return new Set(rows.map((r) => r.name));
  }

  async markPublic(names: string[]) {
    if (!names.length) return;
    await this.db.update(files).set({ public: true }).where(inArray(files.name, names));
  }
}
