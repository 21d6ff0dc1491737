// `request.cookies` is declared by @fastify/cookie; imported here so programs without app.ts type-check.
import type {} from '@fastify/cookie';
import { type AgencyModule, can, enabledModules, INTEGRATION_MESSAGES, MESSAGES, type Permission } from '@travesia/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.js';
import { type AgencyRow, agencies, sessions, type UserRow, users } from '../db/schema/index.js';
import { sha256 } from '../lib/crypto.js';
import { loadApiKey, readApiKey, touchApiKey } from './api-key-auth.js';
import { forbidden, unauthorized } from './errors.js';
import { SessionCache } from './session-cache.js';

export const TOKEN_HEADER = 'x-access-token';
export const TOKEN_COOKIE = 'adm-kd-token';

/** Who is calling: set from the session token on every request, never from the request body. */
export interface AuthContext {
  sessionId: string;
  user: UserRow;
  agency: AgencyRow | null;
  /** Modules this user may use: the agency's enabled flags, or all for platform staff. */
  modules: AgencyModule[];
  /** Set when the caller is an agency's system with an API key (no session): what the key allows. */
  apiKey?: { id: string; scopes: readonly string[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
    /** Required permission from the contracts table. */
    permission?: Permission;
  }
}

export function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  return request.cookies?.[TOKEN_COOKIE];
}

/**
 * The session look-up's SQL is built once per database handle and prepared (node-postgres: one named
 * statement per connection, parsed and planned once; PGlite: the query text and its result mapping built
 * once): building it per request was ~20 % of the CPU of `GET /api/user` (issue 21). The answer itself is
 * kept by `SessionCache`, which every change to a session, user or agency empties (decision 0540).
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users, agency: agencies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(
      and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))),
    )
    .limit(1)
    .prepare('travesia_session_lookup');
}

/** The caller a session token stands for, or null (unknown, revoked or expired session; inactive user or agency). */
export async function loadSession(db: Db, token: string, cache?: SessionCache): Promise<AuthContext | null> {
  if (token.length > 200) return null;
  const tokenHash = sha256(token);
  const now = Date.now();
  const kept = cache?.get(tokenHash, now);
  if (kept) return kept;
  const mark = cache?.mark() ?? 0;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash, now: new Date(now).toISOString() });
  if (row?.user.status !== 'active') return null;
  if (row.agency && !row.agency.active) return null;
  const auth: AuthContext = {
    sessionId: row.session.id,
    user: row.user,
    agency: row.agency,
    modules: enabledModules(row.agency ? row.agency.options : null),
  };
  return cache ? cache.set(tokenHash, auth, row.session.expiresAt, mark, now) : auth;
}

/** True when a matched route pattern belongs to the JSON API (`/api` and everything under it). */
export function isApiRoute(pattern: string): boolean {
  return pattern === '/api' || pattern.startsWith('/api/');
}

/**
 * Authentication is decided from the route the router matched (`request.routeOptions.url`, the
 * pattern), never from the raw URL: the router decodes percent escapes, so `/%61pi/agency` matches
 * `/api/agency` and must get the same checks. Deny by default: every matched route needs a session
 * unless its config says `public: true` (static files, health and docs mark themselves public); a
 * route's `permission` is checked against the contracts table. Unmatched paths fall through to the
 * not-found handler (404), which never serves data.
 */
export function registerAuth(app: FastifyInstance, database: Pick<Database, 'db' | 'changes'>, cacheSeconds = 30) {
  const { db } = database;
  const sessions = new SessionCache(database.changes, cacheSeconds * 1000);
  database.changes.start();
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    if (pattern === undefined) return; // no route matched: the 404 handler answers
    const cfg = request.routeOptions.config;
    const key = readApiKey(request);
    if (key !== undefined) return authenticateApiKey(request, db, key, pattern);
    const token = readToken(request);
    // Public API routes still see who is calling (docs, file serving); public static files skip the lookup.
    if (token && (!cfg?.public || isApiRoute(pattern))) request.auth = await loadSession(db, token, sessions);
    if (cfg?.public) return;
    if (!request.auth) throw token ? unauthorized(MESSAGES['http.sessionExpired'], 'SESSION_EXPIRED') : unauthorized();
    if (cfg?.permission && !can(request.auth.user.type, cfg.permission)) throw forbidden();
  });
}

/**
 * A request carrying an API key instead of a session (decision 0260): a malformed, unknown or revoked
 * key is a 401 on every private route; a key may call only routes whose permission is one of its
 * scopes (and that its user's type holds), so configuration, users and session routes stay closed to it.
 */
async function authenticateApiKey(request: FastifyRequest, db: Db, key: string, pattern: string) {
  const cfg = request.routeOptions.config;
  if (cfg?.public && !isApiRoute(pattern)) return;
  const auth = await loadApiKey(db, key);
  request.auth = auth;
  if (cfg?.public) return;
  if (!auth) throw unauthorized(INTEGRATION_MESSAGES.apiKeyInvalid, 'API_KEY_INVALID');
  const permission = cfg?.permission;
  if (!permission || !auth.apiKey.scopes.includes(permission)) throw forbidden(INTEGRATION_MESSAGES.apiKeyScope);
  if (!can(auth.user.type, permission)) throw forbidden();
  await touchApiKey(db, auth.apiKey.id);
}

/** The caller's context in a route that is not public (the hook above guarantees it). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
