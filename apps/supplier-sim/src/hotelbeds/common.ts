import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type Payload,
  prelude,
  SANDBOX_SECRET,
  type ScenarioSet,
  type SimContext,
  type SimOperation,
  scenariosOf,
  send,
} from '../core/sim.js';

/** Hotelbeds gateway: Api-key + X-Signature = sha256(apiKey + secret + unixSeconds), accepted within ±5 minutes. */
export function verifySignature(apiKey: string, signature: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const sig = signature.toLowerCase();
  for (let skew = -300; skew <= 300; skew++) {
    if (
      createHash('sha256')
        .update(`${apiKey}${SANDBOX_SECRET}${nowSeconds + skew}`)
        .digest('hex') === sig
    )
      return true;
  }
  return false;
}

export const auditData = (processTime = 12) => ({
  processTime: String(processTime),
  timestamp: new Date().toISOString().replace('T', ' ').slice(0, 23),
  requestHost: '127.0.0.1',
  serverId: 'sim.travesia',
  environment: '[int]',
  release: 'sim',
  token: randomUUID().toUpperCase(),
  internal: '0|sim',
});

export function json(status: number, body: unknown, headers?: Record<string, string>): Payload {
  return { status, contentType: 'application/json', body: JSON.stringify(body), headers };
}

/** The hotel-API error shape: `{auditData, error:{code,message}}` with a class-and-token code. */
export function hbError(
  status: number,
  kind: 'INVALID_DATA' | 'INVALID_REQUEST' | 'PRODUCT_ERROR' | 'SYSTEM_ERROR',
  message: string,
): Payload {
  return json(status, { auditData: auditData(), error: { code: `${kind}-${randomUUID().slice(0, 8).toUpperCase()}`, message } });
}

const masheryQuota = (): Payload => ({
  status: 403,
  contentType: 'text/xml',
  body: '<h1>Developer Over Rate</h1>',
  headers: { 'x-mashery-error-code': 'ERR_403_DEVELOPER_OVER_RATE' },
});

export interface HbRequestContext {
  sc: ScenarioSet;
  apiKey: string;
}

/**
 * Authenticates a request and runs the shared failures. Answers the context, or null when a reply
 * was already sent (auth failure or injected failure).
 */
export async function open(
  sim: SimContext,
  req: FastifyRequest,
  reply: FastifyReply,
  op: SimOperation,
  errorShape: 'hotel' | 'activity' | 'transfer' = 'hotel',
): Promise<HbRequestContext | null> {
  const apiKey = String(req.headers['api-key'] ?? '');
  const signature = String(req.headers['x-signature'] ?? '');
  const sc = scenariosOf(req, apiKey);
  if (!apiKey || !signature || !verifySignature(apiKey, signature)) {
    await send(req, reply, sc, op, {
      status: 403,
      contentType: 'text/xml',
      body: '<h1>Not Authorized</h1>',
      headers: { 'x-mashery-error-code': 'ERR_403_NOT_AUTHORIZED' },
    });
    return null;
  }
  const server = (): Payload =>
    errorShape === 'hotel'
      ? hbError(500, 'SYSTEM_ERROR', 'An internal error has occurred')
      : errorShape === 'activity'
        ? json(500, { errors: [{ code: 'SYSTEM', text: 'Internal error' }] })
        : json(500, { code: 500, message: 'Internal Server Error', description: 'Unexpected error', traceId: randomUUID() });
  if (await prelude(sim, 'hotelbeds', req, reply, sc, op, { server, quota: masheryQuota })) return null;
  return { sc, apiKey };
}
