import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../core/sim.js';

export function restelRoutes(_app: FastifyInstance, _sim: SimContext) {}
