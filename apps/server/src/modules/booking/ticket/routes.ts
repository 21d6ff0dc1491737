import { TICKET_FLOW_API, TICKET_PROVIDERS, ticketSearchAnswerSchema, ticketSearchBody } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../../http/auth.js';
import type { Services } from '../../../services.js';
import { registerFlowRoutes } from '../flow-routes.js';
import { simScenarioOf } from '../request.js';

const productParams = z.object({ product: z.enum(TICKET_PROVIDERS, { error: 'Proveedor de tickets no válido' }) });

/**
 * Tickets on the booking engine (README.md of modules/booking/ticket): the flow's routes (streamed search, cached
 * pages, re-quote, reserve), and spec §7 `api/ticket/{product}/avail` (the own tickets' day picker and
 * check-in at the entrance are modules/inventory's).
 */
export const ticketBookingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tickets = services.tickets;
  const config = { permission: 'search:use' as const };
  const tags = ['ticket'];
  registerFlowRoutes(app, tickets, TICKET_FLOW_API);

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
};
