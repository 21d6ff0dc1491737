import type { FastifyInstance } from 'fastify';
import { type SimContext, send } from '../core/sim.js';
import { json, open } from './common.js';

const BASE = '/transfer-api/1.0';

export function transferRoutes(app: FastifyInstance, sim: SimContext) {
  app.get(`${BASE}/status`, async (req, reply) => {
    const c = await open(sim, req, reply, 'test', 'transfer');
    if (!c) return;
    await send(req, reply, c.sc, 'test', json(200, { status: 'OK' }));
  });
}
