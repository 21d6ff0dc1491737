import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../core/sim.js';

export function juniperRoutes(_app: FastifyInstance, _sim: SimContext) {}
