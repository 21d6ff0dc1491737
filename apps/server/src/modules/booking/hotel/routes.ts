import {
  hotelCachedQuery,
  hotelContentAnswerSchema,
  hotelContentBody,
  hotelOptionRef,
  hotelQuoteAnswerSchema,
  hotelReserveBody,
  hotelSearchAnswerSchema,
  hotelSearchBody,
  hotelStreamSearchBody,
  HOTEL_BOOKING_MESSAGES as M,
  reserveAnswerSchema,
  type SupplierId,
} from '@travesia/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../http/auth.js';
import { openEventStream } from '../../../http/sse.js';
import type { Services } from '../../../services.js';
import { bookingActorOf, idempotencyKeyOf, simScenarioOf } from '../request.js';
import { reserveAnswer } from '../reserve-answer.js';
import { streamSearch } from './stream.js';

/** How long closing the app waits for supplier bookings answered pending to finish. */
const BOOKINGS_DRAIN_MS = 25_000;

const quoteBody = hotelOptionRef;
/** Restel cancel rules `{provider, bookingCodes}`: bookingCodes is the option `{cacheId, optionId}`. */
const cancelRulesBody = z.object({ provider: z.string().max(60).optional(), bookingCodes: hotelOptionRef });
/** The answers as contracts declare them: a field not in the schema is not sent. */
const searchAnswer = { 200: hotelSearchAnswerSchema };
const quoteAnswer = { 200: hotelQuoteAnswerSchema };
const reserveAnswers = { 200: reserveAnswerSchema, 201: reserveAnswerSchema, 202: reserveAnswerSchema };

/**
 * Hotel search, quote and reserve through the suppliers (README.md in this folder). Each search route
 * names the supplier(s) it serves and whether it always reaches the simulator (`/simulate`, `/test`).
 */
export const hotelBookingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const search = services.hotelSearch;
  const booking = services.hotelBooking;
  const config = { permission: 'search:use' as const };
  const tags = ['hotel'];
  // Shutdown lets supplier bookings still running after their 202 settle their vouchers (bounded;
  // whatever is left is settled by the RecoveryWorker of any process).
  app.addHook('onClose', async () => {
    const left = await booking.idle(BOOKINGS_DRAIN_MS);
    if (left) app.log.warn({ left }, 'supplier bookings still running at shutdown; left to the recovery worker');
  });

  const searchRoute = (path: string, supplier: SupplierId | readonly SupplierId[], forceSandbox: boolean) =>
    app.post(path, { config, schema: { tags, body: hotelSearchBody, response: searchAnswer } }, async (req) =>
      search.search(authOf(req), req.body, { supplier, forceSandbox, simScenario: simScenarioOf(req) }).then((r) => r.page),
    );
  // Restel and Juniper share the spec's production route; the account says which supplier it is.
  searchRoute('/api/search/new-avail', ['restel', 'juniper'], false);
  searchRoute('/api/test/v1/restel/hotel/avail', 'restel', true);
  searchRoute('/api/v1/hotel/avail/simulate', 'juniper', true);
  searchRoute('/api/hotel/hotelbeds/avail', 'hotelbeds', false);
  searchRoute('/api/hotel/hotelbeds/avail/simulate', 'hotelbeds', true);

  // One search across the user's hotel accounts, streamed per supplier as Server-Sent Events.
  for (const [path, forceSandbox] of [
    ['/api/hotel/search/stream', false],
    ['/api/hotel/search/stream/simulate', true],
  ] as const)
    app.post(path, { config, schema: { tags, body: hotelStreamSearchBody } }, async (req, reply) => {
      const auth = authOf(req);
      const { emit, end } = openEventStream(req, reply);
      try {
        await streamSearch({ search, providerAccounts: services.providerAccounts }, auth, req.body, emit, {
          forceSandbox,
          simScenario: simScenarioOf(req),
        });
      } catch (err) {
        req.log.error({ err }, 'hotel search stream failed');
        emit({
          event: 'failure',
          data: { accountId: null, supplier: null, name: null, ms: 0, code: 'INTERNAL', msg: 'No se pudo completar la búsqueda' },
        });
      }
      end();
    });

  app.get(
    '/api/hotel/search/:cacheId',
    { config, schema: { tags, params: z.object({ cacheId: z.string().max(64) }), querystring: hotelCachedQuery, response: searchAnswer } },
    async (req) => {
      const q = req.query;
      return search.page(
        authOf(req),
        req.params.cacheId,
        { page: q.page, limit: q.limit, sort: q.sort },
        {
          stars: q.stars?.split(',').map(Number),
          boards: q.board?.split(','),
          refundable: q.refundable === undefined ? undefined : q.refundable === 'true',
          minPrice: q.minPrice,
          maxPrice: q.maxPrice,
          q: q.q,
          suppliers: q.supplier?.split(','),
          categories: q.category
            ?.split(',')
            .map((c) => c.trim())
            .filter(Boolean),
        },
      );
    },
  );

  // Juniper static hotel content.
  for (const [path, forceSandbox] of [
    ['/api/search/get-hotel-content', false],
    ['/api/v1/hotel/content/simulate', true],
  ] as const)
    app.post(path, { config, schema: { tags, body: hotelContentBody, response: { 200: hotelContentAnswerSchema } } }, async (req) =>
      search.content(authOf(req), req.body, { forceSandbox }),
    );

  // Re-quote (CheckRate / BookingRules / Restel 144) of one option of a cached search.
  const quoteRoute = (path: string) =>
    app.post(path, { config, schema: { tags, body: quoteBody, response: quoteAnswer } }, async (req) =>
      booking.quote(authOf(req), req.body.cacheId, req.body.optionId, simScenarioOf(req)),
    );
  quoteRoute('/api/hotel/quote');
  quoteRoute('/api/booking/flow-j/get-booking-rules');
  quoteRoute('/api/booking/flow-j/get-booking-rules/simulate');
  for (const path of ['/api/search/cancel-rules', '/api/test/v1/restel/cancel-rules'])
    app.post(path, { config, schema: { tags, body: cancelRulesBody, response: quoteAnswer } }, async (req) =>
      booking.quote(authOf(req), req.body.bookingCodes.cacheId, req.body.bookingCodes.optionId, simScenarioOf(req)),
    );

  // Reserve (spec §7 booking payload), exactly once per idempotency key.
  const reserve = async (req: FastifyRequest<{ Body: z.infer<typeof hotelReserveBody> }>, reply: FastifyReply) => {
    const auth = authOf(req);
    const booked = await booking.reserve(auth, req.body, idempotencyKeyOf(req, req.body), {
      simScenario: simScenarioOf(req),
      actor: bookingActorOf(req),
    });
    return reserveAnswer(reply, auth, booked, { pending: M.bookingPending, done: 'Reserva registrada' });
  };
  app.post('/api/voucher', { config, schema: { tags, body: hotelReserveBody, response: reserveAnswers } }, reserve);
  app.post('/api/voucher/reserve', { config, schema: { tags, body: hotelReserveBody, response: reserveAnswers } }, reserve);
  app.post('/api/booking/flow-j/post-booking', { config, schema: { tags, body: hotelReserveBody, response: reserveAnswers } }, reserve);
};
