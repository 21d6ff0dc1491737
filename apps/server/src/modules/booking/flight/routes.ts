import {
  flightCheckInDatesBody,
  flightCheckInDatesResponse,
  flightConfirmReserveBody,
  flightFareRulesBody,
  flightFareRulesResponse,
  flightPriceSearchBody,
  flightPriceSearchResponse,
  flightStartReserveBody,
  flightStartReserveResponse,
  FLIGHT_MESSAGES as M,
  reserveAnswerSchema,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../http/auth.js';
import { breakdownFor } from '../../../pricing/index.js';
import type { Services } from '../../../services.js';
import { presentVoucher } from '../../voucher/presenter.js';
import { bookingActorOf, idempotencyKeyOf, simScenarioOf } from '../request.js';
import { reserveAnswer } from '../reserve-answer.js';

/** Spec §7 flight calls and the §4 pre-reservation → confirmation (README.md of modules/booking). */
export const flightBookingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const search = services.flightSearch;
  const booking = services.flightBooking;
  const config = { permission: 'search:use' as const };
  const tags = ['flight'];

  app.post(
    '/api/integrator/santsg/flight/booking/avail/checkindates',
    { config, schema: { tags, body: flightCheckInDatesBody, response: { 200: flightCheckInDatesResponse } } },
    async (req) => search.checkInDates(authOf(req), req.body, simScenarioOf(req)),
  );

  app.post(
    '/api/integrator/santsg/flight/booking/avail/price-search',
    { config, schema: { tags, body: flightPriceSearchBody, response: { 200: flightPriceSearchResponse } } },
    async (req) => search.search(authOf(req), req.body, simScenarioOf(req)),
  );

  app.post(
    '/api/integrator/santsg/flight/booking/fare-rules',
    { config, schema: { tags, body: flightFareRulesBody, response: { 200: flightFareRulesResponse } } },
    async (req) => booking.fareRules(authOf(req), req.body.voucherId, simScenarioOf(req)),
  );

  app.post(
    '/api/voucher/start-reserve',
    {
      config,
      schema: { tags, body: flightStartReserveBody, response: { 200: flightStartReserveResponse, 201: flightStartReserveResponse } },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const { created, ...r } = await booking.startReserve(auth, req.body, {
        simScenario: simScenarioOf(req),
        actor: bookingActorOf(req),
        idempotencyKey: idempotencyKeyOf(req, {}),
      });
      reply.status(created ? 201 : 200);
      return {
        success: true as const,
        msg: M.preReserved,
        response: { ...r, voucher: presentVoucher(auth.user.type, r.voucher, null), breakdown: breakdownFor(auth.user.type, r.breakdown) },
      };
    },
  );

  app.post(
    '/api/voucher/confirm-reserve',
    {
      config,
      schema: {
        tags,
        body: flightConfirmReserveBody,
        response: { 200: reserveAnswerSchema, 201: reserveAnswerSchema, 202: reserveAnswerSchema },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const booked = await booking.confirm(auth, req.body, idempotencyKeyOf(req, req.body), {
        simScenario: simScenarioOf(req),
        actor: bookingActorOf(req),
      });
      return reserveAnswer(reply, auth, booked, { pending: M.pending, done: M.confirmed });
    },
  );
};
