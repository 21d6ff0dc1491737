import { upcomingDeadlineSchema, upcomingDeadlinesQuery } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';

/** The dashboard's "Vencen pronto" card: scoped like the bookings list. */
export const deadlineRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/api/dashboard/deadlines',
    {
      config: { permission: 'dashboard:view' },
      schema: { tags: ['dashboard'], querystring: upcomingDeadlinesQuery, response: { 200: z.array(upcomingDeadlineSchema) } },
    },
    async (req) => services.deadlines.upcoming(authOf(req), req.query.days),
  );
};
