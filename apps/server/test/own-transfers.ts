import { OWN_INVENTORY_ACCOUNT_ID } from '@travesia/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Own transfers (travesia) the way the transfer screens reach them on the booking engine (decisions
 * 0270, 0280, 0395): the streamed search of the built-in account between two of our places, the
 * cached page, the quote of one option, the reserve.
 */
export interface OwnTransferCriteria {
  origin: string;
  destination: string;
  date: string;
  time?: string;
  adults?: number;
  childrenAges?: number[];
}

export interface OwnTransferOption {
  optionId: string;
  category: string;
  transferType: 'PRIVATE' | 'SHARED';
  price: { amount: string; currency: string };
  from: { description: string | null };
  to: { description: string | null };
}

export interface OwnTransferQuote {
  quoteId: string;
  price: { amount: string; currency: string };
}

type Headers = Record<string, string>;

/** The search body: our places as points (own transfers go between our places). */
export const ownTransferSearchBody = (c: OwnTransferCriteria) => ({
  from: { type: 'hotel', code: 'origen', placeId: c.origin },
  to: { type: 'hotel', code: 'destino', placeId: c.destination },
  outbound: { date: c.date, time: c.time ?? '10:30' },
  adults: c.adults ?? 2,
  childrenAges: c.childrenAges ?? [],
  providers: [OWN_INVENTORY_ACCOUNT_ID],
});

/** The own source's options of a streamed search (cheapest first), with the cacheId they are quoted from. */
export async function ownTransferOptions(app: FastifyInstance, headers: Headers, criteria: OwnTransferCriteria) {
  const res = await app.inject({ method: 'POST', url: '/api/transfer/search/stream', headers, payload: ownTransferSearchBody(criteria) });
  expect(res.statusCode, res.body).toBe(200);
  const last = res.body.trim().split('\n\n').at(-1) ?? '';
  const done = JSON.parse(last.split('\n')[1]?.replace('data: ', '') ?? '{}') as { cacheId?: string | null };
  expect(done.cacheId, res.body).toBeTruthy();
  const page = await app.inject({ method: 'GET', url: `/api/transfer/search/${done.cacheId}?limit=100`, headers });
  expect(page.statusCode, page.body).toBe(200);
  return { cacheId: done.cacheId as string, items: page.json().response.items as OwnTransferOption[] };
}

/** A quote of an option of a search, picked by its product name (the option's category). */
export async function quoteOwnTransfer(
  app: FastifyInstance,
  headers: Headers,
  cacheId: string,
  optionId: string,
): Promise<OwnTransferQuote> {
  const q = await app.inject({ method: 'POST', url: '/api/transfer/quote', headers, payload: { cacheId, optionId } });
  expect(q.statusCode, q.body).toBe(200);
  return q.json().response;
}

/** Searches and quotes the option named `name` (default: the first one). */
export async function ownTransferQuote(
  app: FastifyInstance,
  headers: Headers,
  criteria: OwnTransferCriteria,
  name?: string,
): Promise<OwnTransferQuote> {
  const { cacheId, items } = await ownTransferOptions(app, headers, criteria);
  const option = name ? items.find((i) => i.category === name) : items[0];
  expect(option, JSON.stringify(items)).toBeDefined();
  return quoteOwnTransfer(app, headers, cacheId, option?.optionId ?? '');
}

export const transferHolder = { name: 'Luis', surname: 'Gómez', email: 'luis@example.com', phone: '+573001112233' };

/** `POST /api/transfer/reserve` of one quoted leg under an idempotency key, at the quoted price unless `over` says otherwise. */
export function reserveOwnTransfer(
  app: FastifyInstance,
  headers: Headers,
  quote: OwnTransferQuote,
  key: string,
  over: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/transfer/reserve',
    headers: { ...headers, 'idempotency-key': key },
    payload: {
      legs: [{ quoteId: quote.quoteId }],
      client: transferHolder,
      price: { gross: quote.price.amount, currency: quote.price.currency },
      ...over,
    },
  });
}
