import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Hosts the built web calls from the browser besides its own origin: the dashboard's weather card
 * (apps/web/src/features/dashboard/api/weather.ts). A build pointed elsewhere (VITE_GEOCODE_URL,
 * VITE_WEATHER_URL) adds its hosts with CSP_CONNECT_SRC.
 */
const WEB_CONNECT_HOSTS = ['https://api.bigdatacloud.net', 'https://api.open-meteo.com'];

export interface SecurityHeaderOptions {
  /** The public base URL: an https one turns on upgrade-insecure-requests and HSTS. */
  publicUrl: string;
  /** Extra `connect-src` sources, space or comma separated. */
  connectSrc?: string;
  /**
   * Extra `img-src` sources, space or comma separated: a map tile server the web is built for
   * (`VITE_MAP_TILES_URL`) that is not on https (any https host is allowed already).
   */
  imgSrc?: string;
  /**
   * The supplier simulator's URL: sandbox accounts' hotel photos are served by it (decision 0630), over http on
   * this host unless SUPPLIER_SIM_URL says otherwise; its origin joins `img-src`.
   */
  simulatorUrl?: string;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** Whether the browser reached us over TLS: the request itself (or X-Forwarded-Proto under TRUST_PROXY), or an https PUBLIC_URL. */
export function isHttps(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

/**
 * Browser security headers on every answer: the app, the API, the assets, the docs and the 404s
 * (decision 0112). The CSP is the one the built app passes: scripts only from our origin; styles also
 * inline because Ant Design's CSS-in-JS injects <style> elements and React sets style attributes at
 * run time; images from anywhere over https (hotel photos, agency logos, map tiles) and data: URIs, plus
 * CSP_IMG_SRC and the supplier simulator (sandbox hotel photos); no framing.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeaderOptions) {
  const headers = helmetHeaders(helmetOptions(opts));
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (isHttps(request, opts.publicUrl)) reply.header('strict-transport-security', HSTS);
    if (request.routeOptions.url?.startsWith('/api/file/serve/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}

function helmetOptions(opts: SecurityHeaderOptions): HelmetOptions {
  const https = opts.publicUrl.startsWith('https:');
  const extra = (opts.connectSrc ?? '').split(/[\s,]+/).filter(Boolean);
  const extraImages = (opts.imgSrc ?? '').split(/[\s,]+/).filter(Boolean);
  if (opts.simulatorUrl) extraImages.push(new URL(opts.simulatorUrl).origin);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extraImages],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...WEB_CONNECT_HOSTS, ...extra],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Sent below only when the browser is on https (browsers ignore it over plain http anyway).
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Images served by the API are also shown in mail clients (agency logos): cross-origin allowed there.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options, computed once by running its middleware against a
 * response that only records them: none depends on the request (no nonces, no per-request
 * directives), and `@fastify/helmet` built the whole middleware again on every request (issue 21's
 * profile, decision 0701). What helmet removes (`X-Powered-By`) neither Node nor Fastify ever sets.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
