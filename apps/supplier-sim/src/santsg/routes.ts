import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { prelude, type ScenarioSet, type SimContext, type SimOperation, scenariosOf, send } from '../core/sim.js';
import { bookingRoutes } from './booking.js';
import { reservationRoutes } from './reservations.js';
import { searchRoutes } from './search.js';
import { bad, type Reservation, type Transaction } from './wire.js';

/** What the TourVisio route files share: the server, the simulator, bookings, open transactions and the bearer check. */
export interface TvContext {
  app: FastifyInstance;
  sim: SimContext;
  store: Map<string, Reservation>;
  transactions: Map<string, Transaction>;
  transactionOf: (id: unknown) => Transaction | 'missing' | 'expired';
  /** Checks the bearer (401 when missing or expired) and runs the scenario prelude; null when already answered. */
  open: (req: FastifyRequest, reply: FastifyReply, op: SimOperation) => Promise<{ sc: ScenarioSet } | null>;
}

/**
 * SAN TSG TourVisio in its documented JSON shapes (docs/decisions/0164, 0235): login, check-in dates,
 * pricesearch (one way, round trip with offerIds per group key, multi-city in one search), the
 * booking transaction, reservation detail and list, cancellation and fare rules.
 */
export function santsgRoutes(app: FastifyInstance, sim: SimContext) {
  const store = sim.bookings.santsg as unknown as Map<string, Reservation>;
  const transactions = new Map<string, Transaction>();

  async function open(req: FastifyRequest, reply: FastifyReply, op: SimOperation): Promise<{ sc: ScenarioSet } | null> {
    const auth = String(req.headers.authorization ?? '');
    const token = auth.startsWith('Bearer ') ? sim.tokens.decode<{ u: string }>(auth.slice(7)) : null;
    const sc = scenariosOf(req, token && token !== 'expired' ? token.u : undefined);
    if (!token || token === 'expired') {
      await send(
        req,
        reply,
        sc,
        op,
        bad('Unauthorized', token === 'expired' ? 'Token expired' : 'Authorization has been denied for this request.', 401),
      );
      return null;
    }
    const server = () => bad('InternalServerError', 'An error has occurred.', 500);
    const quota = () => bad('TooManyRequests', 'Request limit exceeded', 429);
    if (await prelude(sim, 'santsg', req, reply, sc, op, { server, quota })) return null;
    return { sc };
  }

  const transactionOf = (id: unknown) => {
    const t = transactions.get(String(id ?? ''));
    if (!t) return 'missing' as const;
    if (t.exp < Date.now()) return 'expired' as const;
    return t;
  };

  const ctx: TvContext = { app, sim, store, transactions, transactionOf, open };
  searchRoutes(ctx);
  bookingRoutes(ctx);
  reservationRoutes(ctx);
}
