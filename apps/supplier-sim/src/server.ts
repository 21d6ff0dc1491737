import Fastify, { type FastifyInstance } from 'fastify';
import { createContext, markArrival, type SimContext, type SimOptions } from './core/sim.js';
import { activityRoutes } from './hotelbeds/activities.js';
import { hotelContentRoutes } from './hotelbeds/content.js';
import { hotelRoutes } from './hotelbeds/hotels.js';
import { transferRoutes } from './hotelbeds/transfers.js';
import { juniperPhotoRoutes } from './juniper/content.js';
import { canonicalJuniperPath, juniperRoutes } from './juniper/routes.js';
import { restelRoutes } from './restel/routes.js';
import { santsgRoutes } from './santsg/routes.js';

function parseJsonLenient(text: string, done: (err: Error | null, body?: unknown) => void) {
  if (!text.trim()) return done(null, undefined);
  try {
    done(null, JSON.parse(text));
  } catch {
    const err = new Error('Invalid JSON body') as Error & { statusCode: number };
    err.statusCode = 400;
    done(err);
  }
}

/** One Fastify server speaking the four supplier protocols under /hotelbeds, /juniper, /restel and /santsg. */
export async function buildSimulator(options: SimOptions = {}): Promise<{ app: FastifyInstance; sim: SimContext }> {
  const sim = createContext(options);
  const app = Fastify({
    logger: false,
    bodyLimit: 5 * 1024 * 1024,
    forceCloseConnections: true,
    keepAliveTimeout: 5_000,
    // Real Juniper servers ignore the path's case.
    rewriteUrl: (req) => canonicalJuniperPath(req.url ?? '/'),
  });
  // XML bodies stay text; Restel's form bodies stay raw bytes (they are ISO-8859-1).
  app.addContentTypeParser(['text/xml', 'application/xml', 'application/soap+xml'], { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  // As lenient as the real servers: a JSON content type with no body (a DELETE) is no body, and a
  // JSON body without a content type (a published TourVisio client sends none) is still JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => parseJsonLenient(String(body), done));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (/^\s*[[{]/.test(text)) return parseJsonLenient(text, done);
    done(null, text);
  });
  app.addHook('onRequest', async (req) => {
    markArrival(req);
  });
  app.get('/', async () => ({ name: 'travesia-supplier-sim', suppliers: ['hotelbeds', 'juniper', 'restel', 'santsg'] }));
  await app.register(
    async (hb) => {
      hotelRoutes(hb, sim);
      hotelContentRoutes(hb, sim);
      activityRoutes(hb, sim);
      transferRoutes(hb, sim);
    },
    { prefix: '/hotelbeds' },
  );
  await app.register(
    async (j) => {
      juniperRoutes(j, sim);
      juniperPhotoRoutes(j);
    },
    { prefix: '/juniper' },
  );
  await app.register(async (r) => restelRoutes(r, sim), { prefix: '/restel' });
  await app.register(async (s) => santsgRoutes(s, sim), { prefix: '/santsg' });
  return { app, sim };
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
}

/** Starts the simulator; port 0 picks a free port. */
export async function startSimulator(opts: SimOptions & { port?: number; host?: string } = {}): Promise<RunningSimulator> {
  const { port = 0, host = '127.0.0.1', ...options } = opts;
  const { app } = await buildSimulator(options);
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { url: `http://${shownHost}:${actualPort}`, close: () => app.close() };
}
