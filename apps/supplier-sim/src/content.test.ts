import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHotel } from './core/inventory.js';
import { photoPath } from './hotelbeds/content.js';
import { type RunningSimulator, startSimulator } from './server.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const signed = (secret = 'sandbox') => {
  const t = Math.floor(Date.now() / 1000);
  return { 'api-key': 'k', 'x-signature': createHash('sha256').update(`k${secret}${t}`).digest('hex'), accept: 'application/json' };
};
const content = (query: string, secret?: string) =>
  fetch(`${sim.url}/hotelbeds/hotel-content-api/1.0/hotels?${query}`, { headers: signed(secret) });
const bytes = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
};
/** A JPEG starts with SOI (FFD8) and its first frame header (SOF0, FFC0) says height then width. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const sof = b.indexOf(Buffer.from([0xff, 0xc0]));
  return sof < 0 ? null : { height: b.readUInt16BE(sof + 5), width: b.readUInt16BE(sof + 7) };
}

type ContentReply = {
  from: number;
  to: number;
  total: number;
  hotels: {
    code: number;
    name?: { content: string };
    coordinates?: unknown;
    images?: { imageTypeCode: string; path: string; visualOrder: number }[];
  }[];
};

describe('Hotelbeds Content API and photo CDN (simulated)', () => {
  it('answers the hotels asked by code, with only the fields asked, in the language asked', async () => {
    const res = await content('codes=100003,100004,999999&fields=code,name,images,coordinates&language=CAS&from=1&to=100');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ContentReply;
    expect(body).toMatchObject({ from: 1, to: 2, total: 2 });
    expect(body.hotels.map((h) => h.code)).toEqual([100003, 100004]);
    expect(Object.keys(body.hotels[0]).sort()).toEqual(['code', 'coordinates', 'images', 'name']);
    expect(body.hotels[0].name?.content).toBe(findHotel(100003)?.name);
    expect(body.hotels[0].images?.[0]).toMatchObject({ imageTypeCode: 'GEN', path: '10/100003/100003a_hb_a_001.jpg', visualOrder: 1 });
  });

  it('signs like the booking API and refuses more than 1,000 hotels a request', async () => {
    expect((await content('codes=100003', 'wrong')).status).toBe(403);
    expect((await content('from=1&to=1001')).status).toBe(400);
  });

  it('serves each image path at the documented sizes, and 403 AccessDenied for what it does not hold', async () => {
    const path = photoPath(100003, 'facade', 1);
    const standard = await bytes(`${sim.url}/hotelbeds/giata/${path}`);
    expect(standard.status).toBe(200);
    expect(standard.type).toBe('image/jpeg');
    expect(jpegSize(standard.body)).toEqual({ width: 320, height: 240 });
    expect(jpegSize((await bytes(`${sim.url}/hotelbeds/giata/bigger/${path}`)).body)).toEqual({ width: 800, height: 600 });
    expect(jpegSize((await bytes(`${sim.url}/hotelbeds/giata/small/${path}`)).body)?.width).toBe(74);
    const refused = await bytes(`${sim.url}/hotelbeds/giata/xl/${path}`);
    expect(refused.status).toBe(403);
    expect(refused.body.toString()).toContain('<Code>AccessDenied</Code>');
    expect((await bytes(`${sim.url}/hotelbeds/giata/00/000001/000001a_hb_a_001.jpg`)).status).toBe(403);
    expect((await bytes(`${sim.url}/hotelbeds/giata/../hotel-api/1.0/status`)).status).not.toBe(200);
  });

  it("serves Juniper's photos, the same hotel's pictures as Hotelbeds' (one property, two suppliers)", async () => {
    const jp = await bytes(`${sim.url}/juniper/photos/JP046003-1.jpg`);
    expect(jp.status).toBe(200);
    expect(jpegSize(jp.body)).toEqual({ width: 320, height: 240 });
    expect(jp.body.equals((await bytes(`${sim.url}/hotelbeds/giata/${photoPath(100003, 'facade', 1)}`)).body)).toBe(true);
    expect((await bytes(`${sim.url}/juniper/photos/JP046003-9.jpg`)).status).toBe(403);
  });
});
