import {
  TRANSFER_BOOKING_MESSAGES as M,
  transferCachedQuery,
  transferQuoteBody,
  transferQuoteSchema,
  transferReserveAnswerSchema,
  transferReserveBody,
  transferSearchBody,
  transferSearchPageSchema,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../http/auth.js';
import { AppError } from '../../../http/errors.js';
import { openEventStream } from '../../../http/sse.js';
import type { Services } from '../../../services.js';
import { bookingActorOf, idempotencyKeyOf, simScenarioOf } from '../request.js';
import { reserveAnswer } from '../reserve-answer.js';

/**
 * Transfers on the booking engine (issue 18): one streamed search over every usable transfer
 * source, the cached page (filters, sorting, facets), the quote of one leg and the reserve of one
 * or two legs under one supplier reference.
 */
export const transferRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const transfers = services.transfers;
  const config = { permission: 'search:use' as const };
  const tags = ['transfer'];

  for (const [path, forceSandbox] of [
    ['/api/transfer/search/stream', false],
    ['/api/transfer/search/stream/simulate', true],
  ] as const)
    app.post(path, { config, schema: { tags, body: transferSearchBody } }, async (req, reply) => {
      const auth = authOf(req);
      // Criteria errors (a past date, an unknown place) are a plain 4xx before the stream opens.
      await transfers.precheck(auth, req.body);
      const { emit, end } = openEventStream(req, reply);
      try {
        await transfers.stream(auth, req.body, emit, { forceSandbox, simScenario: simScenarioOf(req) });
      } catch (err) {
        req.log.error({ err }, 'transfer search stream failed');
        const msg = err instanceof AppError ? err.message : 'No se pudo completar la búsqueda';
        emit({ event: 'failure', data: { accountId: null, supplier: null, name: null, ms: 0, code: 'INTERNAL', msg } });
      }
      end();
    });

  app.get(
    '/api/transfer/search/:cacheId',
    {
      config,
      schema: {
        tags,
        params: z.object({ cacheId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, { error: M.cacheExpired }) }),
        querystring: transferCachedQuery,
        response: { 200: transferSearchPageSchema },
      },
    },
    async (req) => transfers.page(authOf(req), req.params.cacheId, req.query),
  );

  app.post(
    '/api/transfer/quote',
    { config, schema: { tags, body: transferQuoteBody, response: { 200: transferQuoteSchema } } },
    async (req) => transfers.quote(authOf(req), req.body.cacheId, req.body.optionId, simScenarioOf(req)),
  );

  app.post(
    '/api/transfer/reserve',
    {
      config,
      schema: {
        tags,
        body: transferReserveBody,
        response: { 200: transferReserveAnswerSchema, 201: transferReserveAnswerSchema, 202: transferReserveAnswerSchema },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const booked = await transfers.reserve(auth, req.body, idempotencyKeyOf(req, req.body), {
        simScenario: simScenarioOf(req),
        actor: bookingActorOf(req),
      });
      return reserveAnswer(reply, auth, booked, { pending: M.bookingPending, done: 'Reserva registrada' });
    },
  );
};
