import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLACE_MESSAGES, type UploadedFile } from '@travesia/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { files } from '../../db/schema/index.js';

const m = PLACE_MESSAGES;
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let dataDir: string;

/** A multipart/form-data body with one file part, as a browser would send it. */
function multipart(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----travesia${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (data: Buffer, filename = 'foto.png', contentType = 'image/png', headers: Record<string, string> = w.headers.super) => {
  const body = multipart(data, filename, contentType);
  return t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { ...headers, ...body.headers }, payload: body.payload });
};

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 11, g: 110, b: 79 } } })
    .composite([{ input: { create: { width: width / 2, height: height / 2, channels: 3, background: '#ffcc00' } }, left: 10, top: 10 }])
    .toFormat(format)
    .toBuffer();

async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, 'files');
  try {
    const dirs = await readdir(root);
    const all = await Promise.all(dirs.map(async (d) => (await readdir(path.join(root, d))).map((f) => `${d}/${f}`)));
    return all.flat();
  } catch {
    return [];
  }
}
const fileRows = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files))[0].n;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'travesia-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  w = await makeWorld(t.app, t.database);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('POST /api/file/upload', () => {
  it('stores a PNG, a JPEG and a WebP as WebP at web sizes under content-hashed names', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const res = await upload(await image(format), `foto.${format}`, `image/${format}`);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as UploadedFile;
      expect(body.file).toMatch(/^[a-f0-9]{32}\.webp$/);
      expect(body.url).toBe(`/api/file/serve/${body.file}`);
      expect(body).toMatchObject({ width: 1600, height: 800 });
      const hash = body.file.slice(0, 32);
      expect(body.variants).toEqual({ '320': `${hash}-320.webp`, '800': `${hash}-800.webp`, '1600': body.file });

      for (const [width, name] of [
        [320, `${hash}-320.webp`],
        [800, `${hash}-800.webp`],
        [1600, `${hash}-1600.webp`],
        [1600, body.file],
      ] as const) {
        const served = await t.app.inject({ method: 'GET', url: `/api/file/serve/${name}`, headers: w.headers.loader });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width });
      }
    }
  });

  it('never enlarges a small image and answers the same name for the same content', async () => {
    const small = await image('png', 200, 100);
    const a = (await upload(small)).json() as UploadedFile;
    const b = (await upload(small, 'otra.png')).json() as UploadedFile;
    expect(a).toMatchObject({ width: 200, height: 100 });
    expect(b.file).toBe(a.file);
  });

  it('reads the type from the content: a text file named .png, a GIF and an SVG are refused, leaving nothing', async () => {
    const [before, rowsBefore] = [await storedFiles(), await fileRows()];
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('esto no es una imagen, aunque se llame foto.png\n'.repeat(20)), 'foto.png', 'image/png'],
      [await image('gif', 40, 40), 'foto.png', 'image/png'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]), 'roto.png', 'image/png'],
    ];
    for (const [data, name, type] of cases) {
      const res = await upload(data, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ success: false, error: true, msg: m['file.badType'] });
    }
    expect(await storedFiles()).toEqual(before);
    expect(await fileRows()).toBe(rowsBefore);
  });

  it('refuses a file over 5 MB with 413 and keeps nothing', async () => {
    const [before, rowsBefore] = [await storedFiles(), await fileRows()];
    const big = Buffer.concat([await image('png', 64, 64), randomBytes(5 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(m['file.tooLarge']);
    expect(await storedFiles()).toEqual(before);
    expect(await fileRows()).toBe(rowsBefore);
  });

  it('accepts a large photo under 5 MB despite the 1 MB JSON body limit', async () => {
    const noisy = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(noisy);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('ignores the client file name: a traversal name is stored under its hash only', async () => {
    const res = await upload(await image('png', 50, 50), '../../../../etc/evil.png');
    expect(res.statusCode).toBe(201);
    expect(res.json().file).toMatch(/^[a-f0-9]{32}\.webp$/);
    expect((await storedFiles()).every((f) => /^[a-f0-9]{2}\/[a-f0-9]{32}(-\d+)?\.webp$/.test(f))).toBe(true);
  });

  it('needs a manage permission, a session and a multipart body', async () => {
    const png = await image('png', 20, 20);
    for (const h of [w.headers.adviser, w.headers.reseller]) expect((await upload(png, 'a.png', 'image/png', h)).statusCode).toBe(403);
    expect((await upload(png, 'a.png', 'image/png', w.headers.admin)).statusCode).toBe(201); // agency logo
    expect((await upload(png, 'a.png', 'image/png', {})).statusCode).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: w.headers.super, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().msg).toBe(m['file.notMultipart']);
    const empty = multipart(Buffer.alloc(0), 'a.png', 'image/png');
    const emptyRes = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...w.headers.super, ...empty.headers },
      payload: empty.payload,
    });
    expect(emptyRes.statusCode).toBe(400);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...w.headers.super, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'not really multipart',
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
  });
});

describe('GET /api/file/serve/{file}', () => {
  it('serves an image to everyone once it is attached to a place, with long public cache headers', async () => {
    const up = (await upload(await image('jpeg', 640, 480), 'playa.jpg', 'image/jpeg')).json() as UploadedFile;
    const anonBefore = await t.app.inject({ method: 'GET', url: `/api/file/serve/${up.file}` });
    expect(anonBefore.statusCode).toBe(404);
    const adviserBefore = await t.app.inject({ method: 'GET', url: `/api/file/serve/${up.file}`, headers: w.headers.adviser });
    expect(adviserBefore.statusCode).toBe(404);
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: `/api/file/serve/${up.file}`,
      cookies: { 'adm-kd-token': w.headers.super['x-access-token'] },
    });
    expect(viaCookie.statusCode).toBe(200);

    const place = await t.app.inject({
      method: 'POST',
      url: '/api/place',
      headers: w.headers.loader,
      payload: { name: 'Playa Blanca', type: 'point-of-interest', address: 'Isla Barú', images: [up.file] },
    });
    expect(place.statusCode, place.body).toBe(201);
    expect(place.json().images).toEqual([up.file]);

    const anon = await t.app.inject({ method: 'GET', url: `/api/file/serve/${up.variants['320']}` });
    expect(anon.statusCode).toBe(200);
    expect(anon.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(anon.headers['x-content-type-options']).toBe('nosniff');
    expect(anon.headers.etag).toBe(`"${up.variants['320']}"`);
  });

  it('refuses traversal and odd names with a 400, unknown names with a 404', async () => {
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2F..%2F.data%2Fpglite',
      'foo.png',
      `${'a'.repeat(32)}.png`,
      `${'a'.repeat(32)}-999.webp`,
      '%00',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/file/serve/${name}`, headers: w.headers.super });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toBe(m['file.badName']);
    }
    const dotdot = await t.app.inject({ method: 'GET', url: '/api/file/serve/../../package.json' });
    expect(dotdot.statusCode).toBeGreaterThanOrEqual(400);
    expect(dotdot.statusCode).toBeLessThan(500);
    expect(dotdot.headers['content-type']).not.toContain('image');
    const unknown = await t.app.inject({ method: 'GET', url: `/api/file/serve/${'b'.repeat(32)}.webp`, headers: w.headers.super });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(m['file.notFound']);
    const long = await t.app.inject({ method: 'GET', url: `/api/file/serve/${'c'.repeat(190)}`, headers: w.headers.super });
    expect(long.statusCode).toBe(400);
  });
});
