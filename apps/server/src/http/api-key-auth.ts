import { API_KEY_PREFIX, enabledModules } from '@travesia/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { agencies, apiKeys, users } from '../db/schema/index.js';
import { sha256 } from '../lib/crypto.js';
import type { AuthContext } from './auth.js';

export const API_KEY_HEADER = 'x-api-key';
/** `tvk_` + 43 base64url characters (256 bits). Anything else is malformed and never looked up. */
const KEY_SHAPE = /^tvk_[A-Za-z0-9_-]{43}$/;

/**
 * The API key a request carries, from `X-Api-Key` or `Authorization: Bearer tvk_…` (docs/INTEGRATIONS.md).
 * `undefined` when it carries none; a present but empty header still counts as a (malformed) key.
 */
export function readApiKey(request: FastifyRequest): string | undefined {
  const header = request.headers[API_KEY_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined) return fromHeader.trim();
  const authz = request.headers.authorization;
  if (authz && /^bearer\s+/i.test(authz)) {
    const value = authz.replace(/^bearer\s+/i, '').trim();
    if (value.startsWith(API_KEY_PREFIX)) return value;
  }
  return undefined;
}

/**
 * The caller behind an API key (decision 0260): the user who created it, with that user's type and
 * voucher scope, narrowed to the key's scopes. Null for a malformed, unknown or revoked key, or when
 * the user or the agency is no longer active.
 */
export async function loadApiKey(db: Db, key: string): Promise<(AuthContext & { apiKey: NonNullable<AuthContext['apiKey']> }) | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const [row] = await db
    .select({ key: apiKeys, user: users, agency: agencies })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(agencies, eq(agencies.id, apiKeys.agencyId))
    .where(and(eq(apiKeys.keyHash, sha256(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (row?.user.status !== 'active' || !row.agency.active || row.user.agencyId !== row.agency.id) return null;
  return {
    sessionId: '',
    user: row.user,
    agency: row.agency,
    modules: enabledModules(row.agency.options),
    apiKey: { id: row.key.id, scopes: row.key.scopes },
  };
}

/** Records a key's use at most once a minute, so a busy integration does not write on every request. */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - interval '1 minute')`));
}
