import Fastify, { type FastifyInstance } from 'fastify';
import {
  defaultDelayMs,
  PAYMENT_SCENARIOS,
  type PaymentScenario,
  type PaymentSimOptions,
  PaymentSimState,
  SIM_GATEWAYS,
  type SimGateway,
} from './core.js';
import { mercadoPagoRoutes, playMercadoPago } from './mercadopago.js';
import { payuRoutes, playPayu } from './payu.js';
import { playStripe, stripeRoutes } from './stripe.js';
import { playWompi, wompiRoutes } from './wompi.js';

/**
 * The payment simulator (decisions 0332 and 0520): Wompi under `/wompi`, Stripe under `/stripe`, PayU
 * under `/payu`, Mercado Pago under `/mercadopago`, a hosted checkout page for each, and a control API under `/_sim` for tests (play a scenario with a chosen
 * delay, read the deliveries, set the platform's URL).
 */
export async function buildPaymentSimulator(options: PaymentSimOptions = {}): Promise<{ app: FastifyInstance; state: PaymentSimState }> {
  const state = new PaymentSimState(options);
  const app = Fastify({ logger: false, forceCloseConnections: true, keepAliveTimeout: 5_000 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addHook('onClose', async () => state.close());
  app.get('/', async () => ({ name: 'travesia-payment-sim', gateways: SIM_GATEWAYS, scenarios: PAYMENT_SCENARIOS }));
  await app.register(async (w) => wompiRoutes(w, state), { prefix: '/wompi' });
  await app.register(async (s) => stripeRoutes(s, state), { prefix: '/stripe' });
  await app.register(async (p) => payuRoutes(p, state), { prefix: '/payu' });
  await app.register(async (m) => mercadoPagoRoutes(m, state), { prefix: '/mercadopago' });

  app.put('/_sim/platform', async (req) => {
    const { url } = req.body as { url?: string };
    state.platformUrl = typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
    return { platformUrl: state.platformUrl };
  });
  /** Pays a checkout with a scenario as the page does, with the delay of late and pending approvals. */
  app.post('/_sim/pay', async (req, reply) => {
    const b = req.body as { gateway?: SimGateway; reference?: string; sessionId?: string; scenario?: PaymentScenario; delayMs?: number };
    const c = [...state.checkouts.values()].find(
      (x) => x.gateway === b.gateway && (b.sessionId ? x.id === b.sessionId : x.reference === b.reference),
    );
    if (!c || !b.scenario || !PAYMENT_SCENARIOS.includes(b.scenario))
      return reply.status(404).send({ error: 'checkout or scenario not found' });
    const delay = Number.isFinite(b.delayMs) ? Math.max(0, Number(b.delayMs)) : defaultDelayMs(c, b.scenario);
    const base = `${req.protocol}://${req.headers.host}`;
    const play: Record<SimGateway, () => string> = {
      wompi: () => playWompi(state, c, b.scenario as PaymentScenario, delay),
      stripe: () => playStripe(state, c, b.scenario as PaymentScenario, delay, base),
      payu: () => playPayu(state, c, b.scenario as PaymentScenario, delay),
      mercadopago: () => playMercadoPago(state, c, b.scenario as PaymentScenario, delay),
    };
    const transactionId = play[c.gateway]();
    return { checkoutId: c.id, transactionId };
  });
  app.get('/_sim/deliveries', async () => state.deliveries.map(({ body: _b, ...d }) => d));
  return { app, state };
}

export interface RunningPaymentSimulator {
  url: string;
  state: PaymentSimState;
  /** Where webhooks go: the platform's base URL (known once the platform listens). */
  setPlatformUrl(url: string): void;
  close(): Promise<void>;
}

/** Starts the payment simulator; port 0 picks a free port. */
export async function startPaymentSimulator(
  opts: PaymentSimOptions & { port?: number; host?: string } = {},
): Promise<RunningPaymentSimulator> {
  const { port = 0, host = '127.0.0.1', ...options } = opts;
  const { app, state } = await buildPaymentSimulator(options);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shownHost}:${actualPort}`,
    state,
    setPlatformUrl: (url) => {
      state.platformUrl = url;
    },
    close: () => app.close(),
  };
}
