import type { FastifyRequest } from 'fastify';
import { authOf } from '../../http/auth.js';

/** Sandbox only: a simulator failure scenario asked by the caller (apps/supplier-sim/README.md). */
export function simScenarioOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-sim-scenario'];
  const v = Array.isArray(h) ? h[0] : h;
  return v && /^[a-z0-9:, -]{1,100}$/.test(v) ? v : undefined;
}

/** The reserve's idempotency key: the `Idempotency-Key` header, else the body's `idempotencyKey`. */
export function idempotencyKeyOf(req: FastifyRequest, body: { idempotencyKey?: string }): string | undefined {
  const h = req.headers['idempotency-key'];
  const v = (Array.isArray(h) ? h[0] : h) ?? body.idempotencyKey;
  return v?.trim() || undefined;
}

/** Who books, as the voucher's history records it: the signed-in user (or API key's user) and the address. */
export function bookingActorOf(req: FastifyRequest) {
  const auth = authOf(req);
  return {
    kind: 'user' as const,
    userId: auth.user.id,
    name: `${auth.user.profile.name} ${auth.user.profile.lastName}`.trim(),
    ip: req.ip,
  };
}
