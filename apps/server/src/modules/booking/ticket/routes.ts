import {
  HOTEL_BOOKING_MESSAGES as HM,
  TICKET_CHECK_IN_MESSAGES,
  TICKET_PROVIDERS,
  ticketCachedQuery,
  ticketCalendarAnswerSchema,
  ticketCalendarQuery,
  ticketCheckInAnswerSchema,
  ticketCheckInBody,
  ticketOptionRef,
  ticketQuoteAnswerSchema,
  ticketReserveAnswerSchema,
  ticketReserveBody,
  ticketSearchAnswerSchema,
  ticketSearchBody,
  ticketStreamSearchBody,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../http/auth.js';
import { openEventStream } from '../../../http/sse.js';
import type { Services } from '../../../services.js';
import { bookingActorOf, idempotencyKeyOf, simScenarioOf } from '../request.js';
import { reserveAnswer } from '../reserve-answer.js';

const productParams = z.object({ product: z.enum(TICKET_PROVIDERS, { error: 'Proveedor de tickets no válido' }) });

/**
 * Tickets on the booking engine (README.md of modules/booking/ticket): spec §7 `api/ticket/{product}/avail`,
 * the streamed search over every ticket source, its cached pages, the re-quote and the reserve.
 */
export const ticketBookingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tickets = services.ticketBooking;
  const config = { permission: 'search:use' as const };
  const tags = ['ticket'];

  for (const [suffix, forceSandbox] of [
    ['', false],
    ['/simulate', true],
  ] as const)
    app.post(
      `/api/ticket/:product/avail${suffix}`,
      { config, schema: { tags, params: productParams, body: ticketSearchBody, response: { 200: ticketSearchAnswerSchema } } },
      async (req) =>
        tickets.avail(authOf(req), req.params.product, req.body.provider_id, req.body, { forceSandbox, simScenario: simScenarioOf(req) }),
    );

  for (const [path, forceSandbox] of [
    ['/api/ticket/search/stream', false],
    ['/api/ticket/search/stream/simulate', true],
  ] as const)
    app.post(path, { config, schema: { tags, body: ticketStreamSearchBody } }, async (req, reply) => {
      const auth = authOf(req);
      // Criteria errors answer a plain 4xx before the stream opens.
      services.ticketSearch.checkCriteria(req.body);
      const { emit, end } = openEventStream(req, reply);
      try {
        await tickets.stream(auth, req.body, emit, { forceSandbox, simScenario: simScenarioOf(req) });
      } catch (err) {
        req.log.error({ err }, 'ticket search stream failed');
        emit({
          event: 'failure',
          data: { accountId: null, supplier: null, name: null, ms: 0, code: 'INTERNAL', msg: 'No se pudo completar la búsqueda' },
        });
      }
      end();
    });

  // The own tickets' operating days of a place, for the activity-day picker (decision 0440).
  app.get(
    '/api/ticket/travesia/calendar',
    { config, schema: { tags, querystring: ticketCalendarQuery, response: { 200: ticketCalendarAnswerSchema } } },
    async (req) => ({ success: true as const, response: await services.ticketSearch.ownCalendar(authOf(req), req.query) }),
  );

  app.get(
    '/api/ticket/search/:cacheId',
    {
      config,
      schema: {
        tags,
        params: z.object({ cacheId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, { error: HM.cacheExpired }) }),
        querystring: ticketCachedQuery,
        response: { 200: ticketSearchAnswerSchema },
      },
    },
    async (req) => services.ticketSearch.page(authOf(req), req.params.cacheId, req.query),
  );

  app.post(
    '/api/ticket/quote',
    { config, schema: { tags, body: ticketOptionRef, response: { 200: ticketQuoteAnswerSchema } } },
    async (req) => tickets.quote(authOf(req), req.body.cacheId, req.body.optionId, simScenarioOf(req)),
  );

  app.post(
    '/api/ticket/reserve',
    {
      config,
      schema: {
        tags,
        body: ticketReserveBody,
        response: { 200: ticketReserveAnswerSchema, 201: ticketReserveAnswerSchema, 202: ticketReserveAnswerSchema },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const booked = await tickets.reserve(auth, req.body, idempotencyKeyOf(req, req.body), {
        simScenario: simScenarioOf(req),
        actor: bookingActorOf(req),
      });
      return reserveAnswer(reply, auth, booked, { pending: HM.bookingPending, done: 'Reserva registrada' });
    },
  );

  // The own ticket's QR checked in at the entrance, once (decision 0360): any user who may see the voucher.
  app.post(
    '/api/ticket/check-in',
    { config: { permission: 'vouchers:read' }, schema: { tags, body: ticketCheckInBody, response: { 200: ticketCheckInAnswerSchema } } },
    async (req) => ({
      success: true as const,
      msg: TICKET_CHECK_IN_MESSAGES.done,
      response: await services.ticketCheckIn.checkIn(authOf(req), req.body.code),
    }),
  );
};
