import { isIP } from 'node:net';

/** What Fastify's `trustProxy` accepts and we allow: nothing, a hop count, or a list of proxy addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's address resolver) understands for well-known ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Parses TRUST_PROXY. `false`/empty trusts nobody (the socket address is the client); a number trusts
 * that many proxy hops in front of the app (the client is the address the outermost of them saw);
 * a comma list trusts only X-Forwarded-For entries added by those addresses or ranges. `true` is the
 * one-hop count, never "trust every forwarded address" (see docs/decisions/0131-trust-proxy.md).
 * Answers an error text for anything else, so a typo stops the start instead of trusting too much.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { error: 'a hop count must be between 0 and 10' };
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (!entries.length || bad.length) {
    return { error: `expected false, a hop count, or a comma list of IP addresses/CIDR ranges; not ${bad.join(', ') || raw}` };
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Fastify's option: a hop count as the function proxy-addr builds for one (its types lack the number form). */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return value === 0 ? false : (_address, hop) => hop < value;
}
