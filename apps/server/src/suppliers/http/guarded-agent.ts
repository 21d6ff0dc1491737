import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIpLiteral, isPublicAddress, SUPPLIER_HOST_PORTS } from '@travesia/contracts';
import { Agent, buildConnector } from 'undici';

/** A destination a user-typed supplier host may not reach: a private, special-purpose or non-supplier port. */
export class ForbiddenDestinationError extends Error {
  readonly code = 'ERR_FORBIDDEN_DESTINATION';
  constructor(
    readonly host: string,
    readonly reason: 'address' | 'port',
  ) {
    super(`supplier destination refused (${reason}): ${host}`);
    this.name = 'ForbiddenDestinationError';
  }
}

/** Resolves a name to every address it has (node:dns lookup with `all: true`); tests pass a fake. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * A `net.connect` lookup that resolves the name once, refuses it when ANY address it resolves to is
 * not public, and hands exactly those checked addresses to the socket: the connection goes to the
 * address that was checked, so DNS rebinding (a public answer at save time, 127.0.0.1 at use time)
 * cannot get through.
 */
export function guardedLookup(resolveAll: ResolveAll = systemResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname).then(
      (addresses) => {
        if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address))) {
          callback(new ForbiddenDestinationError(hostname, 'address'), '', 0);
          return;
        }
        const family = typeof options === 'object' ? options.family : undefined;
        const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (typeof options === 'object' && options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
        else callback(null, usable[0]?.address ?? '', usable[0]?.family ?? 4);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/**
 * The undici dispatcher for supplier hosts typed by users (decision 0143): connections only to public
 * unicast addresses on supplier ports. IP literals are checked here (node skips `lookup` for them);
 * names through `guardedLookup`, at connection time, on every new connection.
 */
export function createGuardedAgent(opts: { resolveAll?: ResolveAll; connectTimeoutMs?: number } = {}): Agent {
  const connector = buildConnector({ lookup: guardedLookup(opts.resolveAll), timeout: opts.connectTimeoutMs ?? 10_000 });
  return new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      const port = options.port ? Number(options.port) : options.protocol === 'https:' ? 443 : 80;
      if (!SUPPLIER_HOST_PORTS.has(port)) return callback(new ForbiddenDestinationError(host, 'port'), null);
      if (isIpLiteral(host) && !isPublicAddress(host)) return callback(new ForbiddenDestinationError(host, 'address'), null);
      connector(options, callback);
    },
  });
}

/** True when `err` (or any error in its `cause` chain) is a refused destination. */
export function isForbiddenDestination(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 8; e = (e as { cause?: unknown }).cause, i++) {
    if (e instanceof ForbiddenDestinationError) return true;
  }
  return false;
}
