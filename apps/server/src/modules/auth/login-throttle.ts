import { sha256 } from '../../lib/crypto.js';
import type { KeyValueStore } from '../../lib/kv.js';

/**
 * Failed sign-ins allowed per window (docs/decisions/0130-sign-in-throttling.md):
 * - perAccountClient: one account from one client (its IP address, or its trusted-device cookie);
 * - perAccount: one account from all untrusted clients together (a slow distributed guess);
 * - perIp: all accounts from one address (credential stuffing), loose so an office behind one
 *   address is not stopped by a few typos.
 * A browser that signed in to an account before (trusted-device cookie) answers only to its own
 * per-device counter, so an attacker can't lock a known user out by guessing at their account or
 * from their shared address.
 */
export const LOGIN_LIMITS = { perAccountClient: 5, perAccount: 20, perIp: 100, windowSeconds: 15 * 60 };
export type LoginLimits = typeof LOGIN_LIMITS;

/** Slots taken for one attempt: kept as the failure count when it fails, given back when it succeeds. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export class LoginThrottle {
  constructor(
    private readonly store: KeyValueStore,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {}

  /**
   * Reserves the attempt on every counter that applies, atomically per counter and before the
   * password is checked, so parallel guesses can't all be verified. Answers null (nothing held)
   * when any counter is full.
   */
  async begin(account: string, client: { ip: string; trustedDevice: string | null }): Promise<LoginAttempt | null> {
    const acct = sha256(account.toLowerCase());
    const { limits } = this;
    const pairKey = client.trustedDevice ? `login-fail:dev:${acct}:${client.trustedDevice}` : `login-fail:pair:${acct}:${client.ip}`;
    const counters: Array<[key: string, limit: number]> = client.trustedDevice
      ? [[pairKey, limits.perAccountClient]]
      : [
          [pairKey, limits.perAccountClient],
          [`login-fail:acct:${acct}`, limits.perAccount],
          [`login-fail:ip:${client.ip}`, limits.perIp],
        ];
    const taken: string[] = [];
    for (const [key, limit] of counters) {
      if (!(await this.store.reserve(key, limit, limits.windowSeconds))) {
        await Promise.all(taken.map((k) => this.store.release(k)));
        return null;
      }
      taken.push(key);
    }
    return {
      succeeded: async () => {
        // Typos followed by the right password are not an attack: the success clears this client's
        // failures on the account and gives back their slots (and its own) on the shared counters.
        const held = Math.max(1, Number((await this.store.get(pairKey)) ?? 1));
        await this.store.del(pairKey);
        for (const key of taken.filter((k) => k !== pairKey)) {
          for (let i = 0; i < held; i++) await this.store.release(key);
        }
      },
    };
  }
}

/** Trusted-device cookie (OWASP "device cookies"): a random token, kept server-side as its hash, bound to one account. */
export const DEVICE_COOKIE = 'adm-kd-device';
export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

export class TrustedDevices {
  constructor(private readonly store: KeyValueStore) {}

  /** The device id when `token` was issued to `account`'s successful sign-in; null otherwise. */
  async check(account: string, token: string | undefined): Promise<string | null> {
    if (!token || token.length > 100) return null;
    const id = sha256(token);
    const owner = await this.store.get(`login-device:${id}`);
    return owner === sha256(account.toLowerCase()) ? id : null;
  }

  async remember(account: string, token: string): Promise<void> {
    await this.store.set(`login-device:${sha256(token)}`, sha256(account.toLowerCase()), DEVICE_TTL_SECONDS);
  }
}
