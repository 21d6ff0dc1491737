import { z } from 'zod';

/** The environment, validated once into a typed object (DESIGN.md Runtime). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public base URL used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  /** Where PGlite keeps its files, mails go without SMTP, and uploads live. */
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Travesía <no-reply@travesia.example>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 32-byte key (hex or base64) for supplier credentials at rest; a development key is created under DATA_DIR otherwise. */
  SECRETS_KEY: z.string().optional(),
  /** Seed the demo data on the first start of an empty embedded database. */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Port of the in-process supplier simulator; 0 picks a free one. Set SUPPLIER_SIM_URL to use an external one. */
  SUPPLIER_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(3900),
  SUPPLIER_SIM_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  /** Bearer token that GET /metrics requires; without it /metrics answers 404 (decision 0113). */
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must have at least 16 characters' }).optional(),
  /** Extra CSP connect-src sources when the web was built with other VITE_GEOCODE_URL / VITE_WEATHER_URL hosts. */
  CSP_CONNECT_SRC: z.string().optional(),
});

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
