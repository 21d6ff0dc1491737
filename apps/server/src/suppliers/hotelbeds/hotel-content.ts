import type { HotelContent } from '@travesia/contracts';
import type { ResolvedProviderAccount } from '../account.js';
import type { CallContext } from '../types.js';
import type { HotelbedsClient } from './client.js';

/**
 * Hotelbeds Content API (developer.hotelbeds.com "Content API", "Use of images"; fixtures/README.md C1–C3):
 * `GET /hotel-content-api/1.0/hotels?codes&fields&language&from&to&useSecondaryLanguage`, signed with the
 * hotels key pair like the Booking API. Images come as paths relative to the photo CDN.
 */
export const CONTENT_API = '/hotel-content-api/1.0';
/** The CDN's standard size (320 px wide): `https://photos.hotelbeds.com/giata/` + path (C2). */
export const HOTELBEDS_PHOTOS = 'https://photos.hotelbeds.com/giata/';
/** Hotels per request: the documented maximum is 1,000 (C1); a search page asks far fewer. */
const PER_REQUEST = 100;
/** Photos kept per hotel (the card shows one, the options page one; more only weigh on the cache). */
const MAX_PHOTOS = 8;
const FIELDS = 'code,name,description,coordinates,address,city,categoryCode,images';

/**
 * Where an account's photo paths are: the CDN in production; in sandbox, the simulator's copy of the CDN's
 * layout under the account's base URL (`<simulator>/hotelbeds/giata/`), so photos load with no internet.
 */
export function photoBaseOf(acc: Pick<ResolvedProviderAccount, 'mode' | 'baseUrl'>): string {
  return acc.mode === 'sandbox' ? `${acc.baseUrl.replace(/\/$/, '')}/giata/` : HOTELBEDS_PHOTOS;
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {});
const text = (v: unknown): string => {
  const c = obj(v).content;
  return typeof c === 'string' ? c.trim() : '';
};
/** A relative image path as the API gives it (`00/000001/000001a_hb_a_001.jpg`): nothing that could leave the CDN. */
const SAFE_PATH = /^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*$/;

/**
 * The photos of one hotel, best first: its general views (`imageTypeCode` GEN) before the rest, each group by
 * `visualOrder` ("ordinal value at which the image should be presented"), then `order`.
 */
export function photosOf(images: unknown, base: string): string[] {
  if (!Array.isArray(images)) return [];
  const rank = (i: Raw) => [i.imageTypeCode === 'GEN' ? 0 : 1, Number(i.visualOrder ?? Infinity), Number(i.order ?? Infinity)];
  return images
    .map(obj)
    .filter((i) => typeof i.path === 'string' && SAFE_PATH.test(i.path))
    .sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .slice(0, MAX_PHOTOS)
    .map((i) => `${base}${i.path as string}`);
}

/** One hotel of a `/hotels` answer as our static content; null without a code. */
export function contentOfHotel(raw: unknown, photoBase: string): HotelContent | null {
  const h = obj(raw);
  if (typeof h.code !== 'number' && typeof h.code !== 'string') return null;
  const c = obj(h.coordinates);
  const lat = Number(c.latitude);
  const lng = Number(c.longitude);
  const located =
    typeof c.latitude === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180 &&
    (lat !== 0 || lng !== 0);
  const images = photosOf(h.images, photoBase);
  return {
    code: String(h.code),
    name: text(h.name),
    ...(typeof h.categoryCode === 'string' ? { category: h.categoryCode } : {}),
    address: text(h.address),
    description: text(h.description),
    ...(located ? { location: { lat, lng } } : {}),
    ...(images.length ? { images } : {}),
  };
}

/** The static content of some hotels, `PER_REQUEST` codes a call; unknown codes are simply not answered. */
export async function hotelbedsContent(
  client: HotelbedsClient,
  opts: { language: string; photoBase: string },
  codes: string[],
  ctx?: CallContext,
): Promise<HotelContent[]> {
  const numeric = [...new Set(codes.filter((c) => /^\d{1,10}$/.test(c)))];
  const out: HotelContent[] = [];
  for (let i = 0; i < numeric.length; i += PER_REQUEST) {
    const chunk = numeric.slice(i, i + PER_REQUEST);
    const data = await client.call<Raw>({
      operation: 'static.content',
      method: 'GET',
      basePath: CONTENT_API,
      path: '/hotels',
      query: {
        codes: chunk.join(','),
        fields: FIELDS,
        language: opts.language,
        useSecondaryLanguage: 'true',
        from: 1,
        to: chunk.length,
      },
      idempotent: true,
      ctx,
    });
    for (const h of Array.isArray(data.hotels) ? data.hotels : []) {
      const content = contentOfHotel(h, opts.photoBase);
      if (content) out.push(content);
    }
  }
  return out;
}
