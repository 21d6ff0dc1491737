import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';

/** The environment, validated once into a typed object (DESIGN.md Runtime). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback by default: the demo accounts' passwords are public. Set 0.0.0.0 (or an address) to serve a network. */
  HOST: z.string().default('127.0.0.1'),
  /** Public base URL used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  /** Where PGlite keeps its files, mails go without SMTP, and uploads live. */
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().optional(),
  /** Without Redis: the byte cap of the in-process store's cached values (searches, quotes), an LRU. */
  MEMORY_STORE_MB: z.coerce.number().int().min(8).max(65_536).default(32),
  /** How long a signed-in caller is kept in memory at most (decision 0540); 0 turns the cache off. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Travesía <no-reply@travesia.example>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines in a terminal outside production, JSON otherwise. */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  /** 32-byte key (hex or base64) for supplier credentials at rest; a development key is created under DATA_DIR otherwise. */
  SECRETS_KEY: z.string().optional(),
  /** Seed the demo data on the first start of an empty embedded database. */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /**
   * Longest a hotel reserve waits for the supplier before answering 202 pending-provider; the booking
   * goes on in the background (issue 12 finding 13, docs/decisions/0153).
   */
  RESERVE_ANSWER_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** How long a storefront order holds its quoted price while the traveller pays (issue 20, decision 0340). */
  STOREFRONT_HOLD_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  /**
   * Port of the in-process supplier simulator; 0 picks a free one, and so does the default 3900 when it is
   * taken. Set SUPPLIER_SIM_URL to use an external one.
   */
  SUPPLIER_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SUPPLIER_SIM_URL: z.string().url().optional(),
  /** Port of the in-process payment simulator (Wompi, Stripe, PayU, Mercado Pago); 0 picks a free one, as does the default 3901 when taken. */
  PAYMENT_SIM_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PAYMENT_SIM_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  /** Bearer token that GET /metrics requires; without it /metrics answers 404 (decision 0113). */
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must have at least 16 characters' }).optional(),
  /**
   * White-label storefronts (decision 0320): the base domain their subdomains live under (e.g.
   * `tiendas.travesia.example` → `viajes.tiendas.travesia.example`); unset, subdomains are refused.
   */
  STOREFRONT_BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'STOREFRONT_BASE_DOMAIN must be a host name' })
    .optional(),
  /** The host a custom domain's CNAME points to; the host of PUBLIC_URL when unset. */
  STOREFRONT_CNAME_TARGET: z.string().trim().toLowerCase().optional(),
  /** Extra CSP connect-src sources when the web was built with other VITE_GEOCODE_URL / VITE_WEATHER_URL hosts. */
  CSP_CONNECT_SRC: z.string().optional(),
  /** Extra CSP img-src sources (a map tile server not on https, VITE_MAP_TILES_URL). */
  CSP_IMG_SRC: z.string().optional(),
  /** Proxies in front of the app: false, a hop count, or a comma list of addresses/CIDRs (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx): TrustProxy => {
      const parsed = parseTrustProxy(raw);
      if (typeof parsed === 'object' && !Array.isArray(parsed) && parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
});

/** The in-process simulator's port when SUPPLIER_SIM_PORT is not set (a free one if it is taken). */
export const DEFAULT_SIMULATOR_PORT = 3900;
/** The in-process payment simulator's port when PAYMENT_SIM_PORT is not set (a free one if it is taken). */
export const DEFAULT_PAYMENT_SIMULATOR_PORT = 3901;

export type Config = z.infer<typeof envSchema> & { publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}` };
}
