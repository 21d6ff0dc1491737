import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Names the storage accepts: content-hashed web images and their sizes. Nothing else reaches a disk path. */
export const STORED_NAME = /^[a-f0-9]{32}(-\d{2,4})?\.webp$/;

/** Where uploaded files live. Local disk by default; an object store can implement the same four calls. */
export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The file's bytes as a stream, or null when it is not there. */
  read(name: string): Promise<{ stream: Readable; size: number } | null>;
  remove(name: string): Promise<void>;
}

function assertName(name: string) {
  if (!STORED_NAME.test(name)) throw new Error(`refusing to store under the name ${JSON.stringify(name)}`);
}

/** Files under one directory (DATA_DIR/files), written to a temporary name first so a reader never sees half a file. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(name: string) {
    assertName(name);
    return path.join(this.root, name.slice(0, 2), name);
  }

  async put(name: string, data: Buffer) {
    const target = this.pathOf(name);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, target);
  }

  async read(name: string) {
    const file = this.pathOf(name);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { stream: createReadStream(file), size: s.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(name: string) {
    await rm(this.pathOf(name), { force: true });
  }
}
