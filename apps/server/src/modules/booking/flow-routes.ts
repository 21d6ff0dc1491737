import type { FlowApi } from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { openEventStream } from '../../http/sse.js';
import type { AnyFlow, CriteriaOf, PageQueryOf, ReserveBodyOf } from './flow.js';
import type { FlowService } from './flow-service.js';
import { bookingActorOf, idempotencyKeyOf, simScenarioOf } from './request.js';
import { reserveAnswer } from './reserve-answer.js';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** A flow's API as contracts declare it (`<KIND>_FLOW_API`), typed by the flow. */
export type FlowRouteSpec<F extends AnyFlow> = FlowApi<CriteriaOf<F>, PageQueryOf<F>, ReserveBodyOf<F> & { idempotencyKey?: string }>;

/**
 * The routes every flow has under `/api/<kind>/`, thin (every one needs `search:use`; the kind's module is checked by
 * the flow): the streamed search as Server-Sent Events (`search/stream`, and `search/stream/simulate` always on the
 * simulator; criteria errors are a plain 4xx before the stream opens), a page of the stored search
 * (`search/:cacheId`), the re-quote (`quote`) and the reserve (`reserve`: 201 new, 200 the same key again, 202 still
 * booking).
 */
export function registerFlowRoutes<F extends AnyFlow>(app: App, flow: FlowService<F>, spec: FlowRouteSpec<F>): void {
  const config = { permission: 'search:use' as const };
  const tags = [flow.flow.kind];
  const base = `/api/${flow.flow.kind}`;

  for (const [path, forceSandbox] of [
    [`${base}/search/stream`, false],
    [`${base}/search/stream/simulate`, true],
  ] as const)
    app.post(path, { config, schema: { tags, body: spec.stream } }, async (req, reply) => {
      const auth = authOf(req);
      const criteria = req.body as CriteriaOf<F>;
      await flow.precheck(auth, criteria);
      const { emit, end } = openEventStream(req, reply);
      try {
        await flow.stream(auth, criteria, emit, { forceSandbox, simScenario: simScenarioOf(req) });
      } catch (err) {
        req.log.error({ err }, `${flow.flow.kind} search stream failed`);
        const msg = err instanceof AppError ? err.message : 'No se pudo completar la búsqueda';
        emit({ event: 'failure', data: { accountId: null, supplier: null, name: null, ms: 0, code: 'INTERNAL', msg } });
      }
      end();
    });

  app.get(
    `${base}/search/:cacheId`,
    {
      config,
      schema: {
        tags,
        params: z.object({ cacheId: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, { error: flow.messages.cacheExpired }) }),
        querystring: spec.page.query,
        response: { 200: spec.page.answer },
      },
    },
    async (req) => flow.page(authOf(req), req.params.cacheId, req.query as PageQueryOf<F>),
  );

  app.post(`${base}/quote`, { config, schema: { tags, body: spec.quote.body, response: { 200: spec.quote.answer } } }, async (req) =>
    flow.quote(authOf(req), req.body.cacheId, req.body.optionId, simScenarioOf(req)),
  );

  const answer = spec.reserve.answer;
  app.post(
    `${base}/reserve`,
    { config, schema: { tags, body: spec.reserve.body, response: { 200: answer, 201: answer, 202: answer } } },
    async (req, reply) => {
      const auth = authOf(req);
      const body = req.body as ReserveBodyOf<F> & { idempotencyKey?: string };
      const booked = await flow.reserve(auth, body, idempotencyKeyOf(req, body), {
        simScenario: simScenarioOf(req),
        actor: bookingActorOf(req),
      });
      return reserveAnswer(reply, auth, booked, { pending: spec.reserve.pending, done: 'Reserva registrada' });
    },
  );
}
