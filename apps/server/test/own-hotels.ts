import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Own hotels (travesia) the way the hotel screens reach them since they book through the engine
 * (decision 0350): the streamed search of the travesia source, the cached page, the quote, the reserve.
 */
export interface OwnHotelCriteria {
  destination: string;
  start: string;
  end: string;
  paxes: { adults: number; children: number[] }[];
  countryCode?: string;
}

export interface OwnHotelQuote {
  quoteId: string;
  price: { amount: string; currency: string };
  rooms: { adults: number; childrenAges: number[] }[];
}

type Headers = Record<string, string>;

/** The travesia source's options of a streamed search, with the cacheId they are quoted from. */
export async function ownHotelOptions(app: FastifyInstance, headers: Headers, criteria: OwnHotelCriteria) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/hotel/search/stream',
    headers,
    payload: { countryCode: 'CO', ...criteria, providers: ['travesia'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const last = res.body.trim().split('\n\n').at(-1) ?? '';
  const done = JSON.parse(last.split('\n')[1]?.replace('data: ', '') ?? '{}') as { cacheId?: string | null };
  expect(done.cacheId, res.body).toBeTruthy();
  const page = await app.inject({ method: 'GET', url: `/api/hotel/search/${done.cacheId}?supplier=travesia&limit=50`, headers });
  expect(page.statusCode, page.body).toBe(200);
  const items = page.json().response.items as { options: Record<string, unknown>[] }[];
  return { cacheId: done.cacheId as string, options: items.flatMap((i) => i.options) };
}

/** A quote of the first own option `pick` accepts (default: the first one). */
export async function ownHotelQuote(
  app: FastifyInstance,
  headers: Headers,
  criteria: OwnHotelCriteria,
  pick: (option: Record<string, unknown>) => boolean = () => true,
): Promise<OwnHotelQuote> {
  const { cacheId, options } = await ownHotelOptions(app, headers, criteria);
  const option = options.find(pick);
  expect(option, JSON.stringify(options)).toBeDefined();
  const q = await app.inject({ method: 'POST', url: '/api/hotel/quote', headers, payload: { cacheId, optionId: option?.optionId } });
  expect(q.statusCode, q.body).toBe(200);
  return q.json().response;
}

/** `POST /api/voucher` of an own-hotel quote under an idempotency key: one traveller per guest of each room. */
export function reserveOwnHotel(
  app: FastifyInstance,
  headers: Headers,
  quote: OwnHotelQuote,
  key: string,
  over: { client?: Record<string, unknown>; price?: { gross: string; currency: string } } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/voucher',
    headers: { ...headers, 'idempotency-key': key },
    payload: {
      type: 'hotel',
      integrator: 'travesia',
      client: { name: 'Ana', surname: 'Pérez', email: 'ana@example.com', ...over.client },
      companions: quote.rooms.map((r) =>
        Array.from({ length: r.adults + r.childrenAges.length }, (_, i) => ({ name: `Viajero ${i + 1}`, surname: 'Pérez' })),
      ),
      price: over.price ?? { gross: quote.price.amount, currency: quote.price.currency },
      bookingCodes: { quoteId: quote.quoteId },
    },
  });
}
