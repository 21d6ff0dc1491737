import { createHash } from 'node:crypto';
import { can, IMAGE_WIDTHS, imageUrl, type Permission, PLACE_MESSAGES, type UploadedFile } from '@travesia/contracts';
import type { Logger } from 'pino';
import type { Metadata, SharpOptions } from 'sharp';
import type { FileRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import type { FileRepository } from './repository.js';
import type { FileStorage } from './storage.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Decoded size limit: a small file can still unpack into a huge bitmap. */
const MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Who may upload: anyone who manages something that carries images (places, products, logos, white labels). */
const UPLOAD_PERMISSIONS: Permission[] = [
  'places:manage',
  'products:manage',
  'configuration:manage',
  'whitelabels:manage',
  'agencies:manage',
];
/** What `GET /api/file/serve/{file}` accepts: the plain name or one of its web sizes. */
const SERVED_NAME = new RegExp(`^([a-f0-9]{32})(?:-(${IMAGE_WIDTHS.join('|')}))?\\.webp$`);

const m = PLACE_MESSAGES;

/** sharp (native) is loaded on the first image, not at start-up (decision 0550). */
const sharp = async (input: Buffer, options: SharpOptions) => (await import('sharp')).default(input, options);

export interface ServedFile {
  stream: NodeJS.ReadableStream;
  size: number;
  public: boolean;
}

/**
 * Image uploads: the type is read from the content (sharp decodes the header; the client's file name
 * and content type are ignored), the image is re-encoded as WebP at web sizes under a content-hashed
 * name, so a stored file never changes and is cached forever. Nothing is written before the checks pass.
 */
export class FileService {
  constructor(
    private readonly repo: FileRepository,
    private readonly storage: FileStorage,
    private readonly log: Logger,
  ) {}

  canUpload(actor: AuthContext) {
    return UPLOAD_PERMISSIONS.some((p) => can(actor.user.type, p));
  }

  async upload(actor: AuthContext, data: Buffer): Promise<UploadedFile> {
    if (!this.canUpload(actor)) throw forbidden();
    if (!data.length) throw badRequest(m['file.required'], { file: m['file.required'] });
    if (data.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', m['file.tooLarge']);
    let meta: Metadata;
    try {
      meta = await (await sharp(data, { limitInputPixels: false })).metadata();
    } catch {
      throw new AppError(415, 'FILE_TYPE', m['file.badType']);
    }
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      throw new AppError(415, 'FILE_TYPE', m['file.badType']);
    }
    if (meta.width * meta.height > MAX_PIXELS) throw new AppError(413, 'FILE_TOO_MANY_PIXELS', m['file.tooManyPixels']);

    const hash = createHash('sha256').update(data).digest('hex').slice(0, 32);
    const name = `${hash}.webp`;
    const existing = await this.repo.findByName(name);
    if (existing) return this.toDto(existing);

    const outputs = await this.render(data, hash);
    const written: string[] = [];
    try {
      for (const o of outputs) {
        await this.storage.put(o.name, o.data);
        written.push(o.name);
      }
      const largest = outputs[outputs.length - 1];
      const { row } = await this.repo.insertOrGet({
        name,
        mime: 'image/webp',
        width: largest.width,
        height: largest.height,
        bytes: largest.data.length,
        variants: Object.fromEntries(
          IMAGE_WIDTHS.map((w) => [String(w), w === IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ? name : `${hash}-${w}.webp`]),
        ),
        createdBy: actor.user.id,
      });
      return this.toDto(row);
    } catch (err) {
      // Leave nothing behind: a half-stored upload is removed before the error is answered.
      await Promise.allSettled(written.map((n) => this.storage.remove(n)));
      throw err;
    }
  }

  /** The web sizes, smallest first; the last one (≤ 1600 px wide) is stored under the plain name. */
  private async render(data: Buffer, hash: string) {
    const out: Array<{ name: string; data: Buffer; width: number; height: number }> = [];
    for (const w of IMAGE_WIDTHS) {
      const isLargest = w === IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
      const { data: buf, info } = await (await sharp(data, { limitInputPixels: MAX_PIXELS }))
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      out.push({ name: isLargest ? `${hash}.webp` : `${hash}-${w}.webp`, data: buf, width: info.width, height: info.height });
    }
    return out;
  }

  /**
   * A stored image: public ones to anyone; one not yet attached to a public record only to people who
   * may upload (the form previews it). Everything else answers 404, so names can't be probed.
   */
  async serve(file: string, actor: AuthContext | null): Promise<ServedFile> {
    const match = SERVED_NAME.exec(file);
    if (!match) throw badRequest(m['file.badName'], { file: m['file.badName'] });
    const [, hash, width] = match;
    const base = `${hash}.webp`;
    const row = await this.repo.findByName(base);
    if (!row || (!row.public && !(actor && this.canUpload(actor)))) throw new AppError(404, 'NOT_FOUND', m['file.notFound']);
    const largest = width === String(IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]);
    const stored = await this.storage.read(width && !largest ? file : base);
    if (!stored) {
      this.log.error({ file }, 'file row without its stored bytes');
      throw new AppError(404, 'NOT_FOUND', m['file.notFound']);
    }
    return { stream: stored.stream, size: stored.size, public: row.public };
  }

  /** A stored image as PNG bytes (PDFs can't embed WebP), or null when it is not there. */
  async png(name: string): Promise<Buffer | null> {
    if (!SERVED_NAME.test(name)) return null;
    const stored = await this.storage.read(name);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const c of stored.stream) chunks.push(c as Buffer);
    return (await sharp(Buffer.concat(chunks), { limitInputPixels: MAX_PIXELS })).png().toBuffer();
  }

  /** Names among `names` that were never uploaded. */
  async missing(names: string[]): Promise<string[]> {
    const found = await this.repo.existingNames(names);
    return names.filter((n) => !found.has(n));
  }

  /** Called by a module when it attaches images to a record everyone may see. */
  markPublic(names: string[]) {
    return this.repo.markPublic(names);
  }

  private toDto(row: FileRow): UploadedFile {
    return { file: row.name, url: imageUrl(row.name), width: row.width, height: row.height, variants: row.variants };
  }
}
