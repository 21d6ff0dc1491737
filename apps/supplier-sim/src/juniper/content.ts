import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findHotel, type Hotel } from '../core/inventory.js';
import { PHOTO_KINDS, type PhotoKind, photoJpeg, photoRefused, sendPhoto } from '../core/photos.js';

/**
 * Juniper's static `HotelContent` (JP_HotelContent of the JP WSDL: HotelName, Zone, HotelCategory,
 * Address{Address, Latitude, Longitude}, Images/Image@Type{FileName, Title}, Descriptions; sources in the
 * server's suppliers/juniper/fixtures/README.md, J11 and J13) and the photos its `FileName`s point at,
 * served by this simulator (`/juniper/photos/<JPCode>-<n>.jpg`) so that sandbox photos load offline.
 */

const TITLES: Record<PhotoKind, string> = { facade: 'Fachada', pool: 'Piscina', room: 'Habitación', lobby: 'Recepción' };

/** The simulator's own address as the client reached it (the server's in-process simulator: http://127.0.0.1:<port>). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? '127.0.0.1'}`;

/** One hotel's HotelContent element, its photos on this simulator. */
export function hotelContentNode(req: FastifyRequest, h: Hotel) {
  return {
    '@Code': h.jpCode,
    '@JPCode': h.jpCode,
    HotelName: h.name,
    Zone: { '@Code': h.zone.code, '@JPDCode': `JPD${h.zone.code}`, Name: h.zone.name },
    HotelCategory: { '@Type': `${h.stars}est`, '#': `${h.stars} Estrellas` },
    Address: { Address: h.address, Latitude: h.latitude, Longitude: h.longitude },
    // Type: the values Juniper uses are not in the sources found (fixtures/README.md J13); "BIG" is ours.
    Images: {
      Image: PHOTO_KINDS.map((kind, i) => ({
        '@Type': 'BIG',
        FileName: `${originOf(req)}/juniper/photos/${h.jpCode}-${i + 1}.jpg`,
        Title: TITLES[kind],
      })),
    },
    Descriptions: {
      Description: { '@Type': 'SHT', '#': `${h.name}, ${h.stars} estrellas en ${h.zone.name}, ${h.destination.city}.` },
    },
  };
}

/** HotelContent's answer for the codes asked (unknown codes are left out, as Juniper does). */
export function hotelContents(req: FastifyRequest, codes: string[]) {
  return codes
    .map((c) => findHotel(c))
    .filter((h): h is Hotel => !!h)
    .map((h) => hotelContentNode(req, h));
}

/** The photos: public, no login, no latency scenarios. */
export function juniperPhotoRoutes(app: FastifyInstance) {
  app.get('/photos/:file', async (req, reply) => {
    const m = /^(JP\d{6})-(\d)\.jpg$/.exec((req.params as { file: string }).file);
    const hotel = m ? findHotel(m[1]) : undefined;
    const kind = m ? PHOTO_KINDS[Number(m[2]) - 1] : undefined;
    if (!hotel || !kind || hotel.jpCode !== m?.[1]) return photoRefused(reply);
    return sendPhoto(reply, await photoJpeg(String(hotel.code), kind, 320));
  });
}
