import type { FastifyInstance } from 'fastify';
import { allHotels, type Hotel } from '../core/inventory.js';
import { PHOTO_KINDS, type PhotoKind, photoJpeg, photoRefused, sendPhoto } from '../core/photos.js';
import { type SimContext, send } from '../core/sim.js';
import { auditData, hbError, json, open } from './common.js';

/**
 * Hotelbeds Content API (`/hotel-content-api/1.0/hotels`) and its photo CDN (`/giata/…`), in the shapes
 * of developer.hotelbeds.com's "Content API" and "Use of images" pages (sources in the server's
 * suppliers/hotelbeds/fixtures/README.md, C1–C3). The CDN lives under this simulator's `/hotelbeds/giata/`
 * so that sandbox photos load with no internet; production photos are on https://photos.hotelbeds.com/giata/.
 */
const BASE = '/hotel-content-api/1.0';

/** Image type code and file-name letter of each drawn photo (the letters of recorded paths: a GEN, p PIS, ro HAB, l COM). */
const IMAGE_TYPES: Record<PhotoKind, { code: string; letter: string; description: string }> = {
  facade: { code: 'GEN', letter: 'a', description: 'Vista general' },
  pool: { code: 'PIS', letter: 'p', description: 'Piscina' },
  room: { code: 'HAB', letter: 'ro', description: 'Habitación' },
  lobby: { code: 'COM', letter: 'l', description: 'Zonas comunes' },
};

/** `NN/NNNNNN/NNNNNNa_hb_<letter>_NNN.jpg`, the path layout of Hotelbeds' images. */
export function photoPath(code: number, kind: PhotoKind, n: number): string {
  const c = String(code).padStart(6, '0');
  return `${c.slice(0, 2)}/${c}/${c}a_hb_${IMAGE_TYPES[kind].letter}_${String(n).padStart(3, '0')}.jpg`;
}

/** Widths of the CDN's size folders ("" = the 320-pixel standard size); xl and xxl exist for no simulated hotel. */
const SIZE_WIDTHS: Record<string, number> = { '': 320, small: 74, medium: 117, bigger: 800, original: 800 };

function contentHotel(h: Hotel, spanish: boolean) {
  const [street, number] = h.address.split(' # ');
  return {
    code: h.code,
    name: { content: h.name },
    description: {
      content: spanish
        ? `${h.name}: hotel de ${h.stars} estrellas en ${h.zone.name}, ${h.destination.city}.`
        : `${h.name}: a ${h.stars}-star hotel in ${h.zone.name}, ${h.destination.city}.`,
    },
    countryCode: h.destination.country,
    destinationCode: h.destination.code,
    zoneCode: Number(h.zone.code),
    coordinates: { longitude: Number(h.longitude), latitude: Number(h.latitude) },
    categoryCode: `${h.stars}EST`,
    address: { content: h.address, street, number },
    city: { content: h.destination.city.toUpperCase() },
    images: PHOTO_KINDS.map((kind, i) => ({
      imageTypeCode: IMAGE_TYPES[kind].code,
      path: photoPath(h.code, kind, i + 1),
      ...(kind === 'room' ? { roomCode: h.rooms[0].code, roomType: h.rooms[0].code.split('.')[0] } : {}),
      order: i + 1,
      // The façade first, as a hotel's "general view" picture.
      visualOrder: kind === 'facade' ? 1 : 100 + i,
    })),
    lastUpdate: '2026-01-15',
  };
}

export function hotelContentRoutes(app: FastifyInstance, sim: SimContext) {
  app.get(`${BASE}/hotels`, async (req, reply) => {
    const ctx = await open(sim, req, reply, 'static');
    if (!ctx) return;
    const q = req.query as Record<string, string | undefined>;
    const from = Number(q.from ?? 1);
    const to = Number(q.to ?? 100);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from || to - from >= 1000)
      return send(req, reply, ctx.sc, 'static', hbError(400, 'INVALID_REQUEST', 'from/to: 1..1000 hotels per request'));
    const codes = (q.codes ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const matching = allHotels().filter(
      (h) => (!codes.length || codes.includes(String(h.code))) && (!q.destinationCode || h.destination.code === q.destinationCode),
    );
    const fields = (q.fields ?? 'all').split(',').map((f) => f.trim());
    const spanish = (q.language ?? 'ENG').toUpperCase() === 'CAS';
    const hotels = matching.slice(from - 1, to).map((h) => {
      const full: Record<string, unknown> = contentHotel(h, spanish);
      return fields.includes('all') ? full : Object.fromEntries(Object.entries(full).filter(([k]) => k === 'code' || fields.includes(k)));
    });
    return send(
      req,
      reply,
      ctx.sc,
      'static',
      json(200, { from, to: from + hotels.length - 1, total: matching.length, auditData: auditData(), hotels }),
    );
  });

  // The photo CDN: public, no signature, no latency scenarios.
  app.get('/giata/*', async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    const m = /^(?:(small|medium|bigger|xl|xxl|original)\/)?(\d{2})\/(\d{6})\/\3a_hb_([a-z]+)_(\d{3})\.jpg$/.exec(rest);
    const width = m ? SIZE_WIDTHS[m[1] ?? ''] : undefined;
    const kind = m ? PHOTO_KINDS.find((k) => IMAGE_TYPES[k].letter === m[4]) : undefined;
    const hotel = m ? allHotels().find((h) => h.code === Number(m[3])) : undefined;
    if (!m || !width || !kind || !hotel || photoPath(hotel.code, kind, Number(m[5])) !== rest.replace(/^[a-z]+\//, ''))
      return photoRefused(reply);
    return sendPhoto(reply, await photoJpeg(String(hotel.code), kind, width));
  });
}
