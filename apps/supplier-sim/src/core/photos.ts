import type { FastifyReply } from 'fastify';
import { prng, seedOf } from './prng.js';

/**
 * Photos of the simulator's hotels. No image host is reachable offline, so the simulator draws small
 * JPEG pictures itself (a façade, a pool, a room, a lobby, in colours that follow from the hotel) and
 * serves them from the URLs its content answers hand out: Hotelbeds' photo CDN layout
 * (hotelbeds/content.ts) and Juniper's `Images/Image/FileName` (juniper/content.ts). The encoder
 * (jpeg-js, pure JavaScript) is loaded on the first photo asked for, so starting the simulator costs
 * nothing more.
 */
export const PHOTO_KINDS = ['facade', 'pool', 'room', 'lobby'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

type Rgb = [number, number, number];

const WALLS: Rgb[] = [
  [236, 214, 170],
  [222, 140, 96],
  [245, 245, 240],
  [180, 205, 220],
  [214, 180, 200],
  [196, 220, 170],
];
const ACCENTS: Rgb[] = [
  [30, 90, 140],
  [150, 60, 40],
  [40, 110, 80],
  [90, 60, 120],
  [200, 140, 30],
];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** A width × (3/4 width) RGBA canvas with filled rectangles: enough to draw believable placeholder scenes. */
class Canvas {
  readonly data: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = Buffer.alloc(width * height * 4, 255);
  }
  /** Fills a rectangle given in fractions of the picture (0..1), optionally as a vertical gradient. */
  rect(x0: number, y0: number, x1: number, y1: number, top: Rgb, bottom: Rgb = top) {
    const [ax, ay, bx, by] = [x0 * this.width, y0 * this.height, x1 * this.width, y1 * this.height].map(Math.round);
    for (let y = Math.max(0, ay); y < Math.min(this.height, by); y++) {
      const c = mix(top, bottom, by - ay > 1 ? (y - ay) / (by - ay - 1) : 0);
      for (let x = Math.max(0, ax); x < Math.min(this.width, bx); x++) {
        const i = (y * this.width + x) * 4;
        this.data[i] = c[0];
        this.data[i + 1] = c[1];
        this.data[i + 2] = c[2];
      }
    }
  }
}

function draw(seed: string, kind: PhotoKind, width: number): Canvas {
  const r = prng(seedOf('photo', seed, kind));
  const c = new Canvas(width, Math.round((width * 3) / 4));
  const wall = r.pick(WALLS);
  const accent = r.pick(ACCENTS);
  const sky: Rgb = [120, 180, 230];
  if (kind === 'facade' || kind === 'pool') {
    c.rect(0, 0, 1, 0.55, sky, [215, 235, 250]);
    c.rect(0, 0.55, 1, 1, [215, 200, 160], [190, 170, 130]);
    const floors = r.int(3, 7);
    const left = 0.15 + r.next() * 0.1;
    const right = 0.85 - r.next() * 0.1;
    const top = 0.55 - floors * 0.07;
    c.rect(left, top, right, 0.8, wall, mix(wall, [0, 0, 0], 0.15));
    c.rect(left - 0.02, top - 0.03, right + 0.02, top, accent);
    for (let f = 0; f < floors; f++)
      for (let w = 0; w < 6; w++) {
        const x = left + ((right - left) * (w + 0.3)) / 6;
        const y = top + 0.02 + f * 0.07;
        c.rect(x, y, x + ((right - left) / 6) * 0.45, y + 0.035, [70, 110, 150], [140, 180, 210]);
      }
    if (kind === 'pool') c.rect(0.05, 0.82, 0.95, 0.97, [60, 170, 220], [30, 120, 190]);
    else c.rect(0.45, 0.7, 0.55, 0.8, accent);
  } else {
    c.rect(0, 0, 1, 0.65, wall, mix(wall, [255, 255, 255], 0.3));
    c.rect(0, 0.65, 1, 1, [150, 110, 80], [110, 80, 55]);
    c.rect(0.62, 0.12, 0.9, 0.45, sky, [210, 230, 245]);
    if (kind === 'room') {
      c.rect(0.12, 0.5, 0.58, 0.8, [250, 250, 250], [225, 225, 225]);
      c.rect(0.12, 0.42, 0.58, 0.5, accent);
      c.rect(0.16, 0.52, 0.3, 0.58, [240, 240, 235]);
      c.rect(0.4, 0.52, 0.54, 0.58, [240, 240, 235]);
    } else {
      c.rect(0.1, 0.55, 0.5, 0.75, accent, mix(accent, [0, 0, 0], 0.3));
      c.rect(0.2, 0.2, 0.45, 0.45, mix(accent, [255, 255, 255], 0.6));
    }
  }
  return c;
}

let encoder: Promise<typeof import('jpeg-js')> | null = null;
/** Photos already encoded, by seed, kind and width (the most recent kept; a demo shows a few dozen). */
const encoded = new Map<string, Buffer>();
const ENCODED_MAX = 300;

/** A JPEG of the hotel `seed` (`width` pixels wide, 4:3), drawn once and kept. */
export async function photoJpeg(seed: string, kind: PhotoKind, width: number): Promise<Buffer> {
  const key = `${seed}|${kind}|${width}`;
  const hit = encoded.get(key);
  if (hit) return hit;
  encoder ??= import('jpeg-js');
  const jpeg = await encoder;
  const c = draw(seed, kind, width);
  const bytes = jpeg.encode({ data: c.data, width: c.width, height: c.height }, 80).data;
  encoded.set(key, bytes);
  if (encoded.size > ENCODED_MAX) encoded.delete(encoded.keys().next().value as string);
  return bytes;
}

/** Sends a photo as an image host would: cacheable, loadable from any page. */
export function sendPhoto(reply: FastifyReply, bytes: Buffer) {
  return reply
    .header('content-type', 'image/jpeg')
    .header('cache-control', 'public, max-age=86400')
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(bytes);
}

/** The photo host's refusal of a file it does not have (the documented `403 AccessDenied`). */
export function photoRefused(reply: FastifyReply) {
  return reply
    .status(403)
    .header('content-type', 'application/xml')
    .send('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
}
