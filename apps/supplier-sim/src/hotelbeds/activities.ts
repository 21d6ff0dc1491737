import type { FastifyInstance } from 'fastify';
import { type SimContext, send } from '../core/sim.js';
import { json, open } from './common.js';

const BASE = '/activity-api/3.0';

export function activityRoutes(app: FastifyInstance, sim: SimContext) {
  app.get(`${BASE}/status`, async (req, reply) => {
    const c = await open(sim, req, reply, 'test', 'activity');
    if (!c) return;
    await send(req, reply, c.sc, 'test', json(200, { status: 'OK' }));
  });
}
