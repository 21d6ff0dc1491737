import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp } from '../../../test/account-app.js';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import { sessions } from '../../db/schema/index.js';
import { type KeyValueStore, MemoryStore, RedisStore } from '../../lib/kv.js';
import { LOGIN_LIMITS } from './login-throttle.js';

/**
 * Issue 12 finding 4: throttling is reserved atomically before the password check, per account and
 * client, with a looser per-address limit that trusted devices are not subject to; proxies are trusted
 * by hop count or address only. Run on the in-process store and, when REDIS_URL is set, on Redis.
 */
const stores: Array<[string, () => KeyValueStore]> = [['memory', () => new MemoryStore()]];
if (process.env.REDIS_URL) {
  const url = process.env.REDIS_URL;
  stores.push(['redis', () => new RedisStore(url, `travesia-test:${randomUUID()}:`)]);
}

const limits = { ...LOGIN_LIMITS, perAccount: 8, perIp: 12 };

describe.each(stores)('sign-in throttling on the %s store', (_name, makeStore) => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await createAccountTestApp({ store: makeStore(), accountOptions: { loginLimits: limits } });
  });
  afterAll(() => t.close());

  const login = (user: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: ip,
      payload: { user, password },
      ...(cookie ? { cookies: { 'adm-kd-device': cookie } } : {}),
    });
  const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => {
    const c = res.cookies.find((k) => k.name === 'adm-kd-device');
    if (!c) throw new Error('no device cookie');
    return c;
  };
  const ip = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

  it('checks at most 5 of 40 parallel wrong passwords for one account from one address', async () => {
    const user = await makeUser(t.database, 'super', null);
    const from = ip();
    const results = await Promise.all(Array.from({ length: 40 }, () => login(user.email, 'una-clave-mala', from)));
    const codes = results.map((r) => r.statusCode);
    // A 401 means the password was checked; the rest were refused before any hashing.
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.perAccountClient);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - LOGIN_LIMITS.perAccountClient);
    expect(results.find((r) => r.statusCode === 429)?.json().msg).toBe(MESSAGES['login.rateLimited']);
    // Locked from that address, even with the right password; the owner elsewhere still signs in.
    expect((await login(user.email, TEST_PASSWORD, from)).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });

  it("one account's failures don't stop another account at the same address", async () => {
    const [a, b] = [await makeUser(t.database, 'super', null), await makeUser(t.database, 'super', null)];
    const office = '192.0.2.10';
    for (let i = 0; i < LOGIN_LIMITS.perAccountClient; i++) expect((await login(a.email, 'typo', office)).statusCode).toBe(401);
    expect((await login(a.email, TEST_PASSWORD, office)).statusCode).toBe(429);
    expect((await login(b.email, TEST_PASSWORD, office)).statusCode).toBe(200);
  });

  it('a success clears the failures and gives the address its slots back: an office of valid users is never throttled', async () => {
    const office = '192.0.2.11';
    for (let i = 0; i < limits.perIp * 2; i++) {
      const u = await makeUser(t.database, 'product-loader', null);
      expect((await login(u.email, 'typo', office)).statusCode).toBe(401);
      expect((await login(u.email, TEST_PASSWORD, office)).statusCode).toBe(200);
    }
  });

  it('a stuffing address is stopped for new clients, while known users behind it (trusted device) still sign in', async () => {
    const nat = '192.0.2.12';
    const colleague = await makeUser(t.database, 'super', null);
    const device = deviceCookieOf(await login(colleague.email, TEST_PASSWORD, nat));
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user/login' });

    for (let i = 0; i < limits.perIp; i++) expect((await login(`nadie-${i}@test.example`, 'x', nat)).statusCode).toBe(401);
    expect((await login('otro@test.example', 'x', nat)).statusCode).toBe(429);
    const newcomer = await makeUser(t.database, 'super', null);
    expect((await login(newcomer.email, TEST_PASSWORD, nat)).statusCode).toBe(429);

    expect((await login(colleague.email, TEST_PASSWORD, nat, device.value)).statusCode).toBe(200);
    // The cookie is bound to its account: it does not let another account through.
    expect((await login(newcomer.email, TEST_PASSWORD, nat, device.value)).statusCode).toBe(429);
  });

  it('a guess spread over many addresses locks the account for untrusted clients only', async () => {
    const victim = await makeUser(t.database, 'super', null);
    const device = deviceCookieOf(await login(victim.email, TEST_PASSWORD, '192.0.2.20'));
    for (let i = 0; i < limits.perAccount; i++) expect((await login(victim.email, 'guess', `203.0.113.${100 + i}`)).statusCode).toBe(401);
    expect((await login(victim.email, TEST_PASSWORD, '203.0.113.200')).statusCode).toBe(429);
    expect((await login(victim.email, TEST_PASSWORD, '192.0.2.21', device.value)).statusCode).toBe(200);
    // The trusted device has its own counter: guesses with a stolen cookie stop after 5 as well.
    const fresh = deviceCookieOf(await login(victim.email, TEST_PASSWORD, '192.0.2.21', device.value));
    for (let i = 0; i < LOGIN_LIMITS.perAccountClient; i++) {
      expect((await login(victim.email, 'guess', '192.0.2.22', fresh.value)).statusCode).toBe(401);
    }
    expect((await login(victim.email, TEST_PASSWORD, '192.0.2.22', fresh.value)).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY: a forged X-Forwarded-For does not change the client address', () => {
  const client = '198.51.100.77';
  const lb = '10.0.0.5';

  async function signInVia(t: AccountTestApp, headers: Record<string, string>, remoteAddress: string) {
    const user = await makeUser(t.database, 'super', null);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers,
      payload: { user: user.email, password: TEST_PASSWORD },
    });
    expect(r.statusCode).toBe(200);
    const [row] = await t.database.db.select({ ip: sessions.ip }).from(sessions).where(eq(sessions.userId, user.id));
    return row.ip;
  }

  async function forgedRotationIsCounted(t: AccountTestApp, remoteAddress: string) {
    for (let i = 0; i < 12; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress,
        headers: { 'x-forwarded-for': `203.0.113.${i}, ${client}` },
        payload: { user: `stuff-${i}@test.example`, password: 'x' },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress,
      headers: { 'x-forwarded-for': `203.0.113.99, ${client}` },
      payload: { user: 'stuff-last@test.example', password: 'x' },
    });
    expect(blocked.statusCode).toBe(429);
  }

  for (const [label, value] of [
    ['an address list', `${lb},10.0.0.6`],
    ['a CIDR range', '10.0.0.0/24'],
    ['a hop count', '1'],
    ['true (one hop)', 'true'],
  ] as const) {
    it(`${label}: the client is the address the trusted proxy saw, whatever the client wrote`, async () => {
      const t = await createAccountTestApp({
        env: { TRUST_PROXY: value },
        accountOptions: { loginLimits: { ...LOGIN_LIMITS, perIp: 12 } },
      });
      try {
        expect(await signInVia(t, { 'x-forwarded-for': `1.2.3.4, ${client}` }, lb)).toBe(client);
        await forgedRotationIsCounted(t, lb);
        if (value.includes('10.0.0')) {
          // Not from a trusted proxy: the header is ignored.
          expect(await signInVia(t, { 'x-forwarded-for': '1.2.3.4' }, '198.51.100.200')).toBe('198.51.100.200');
        }
      } finally {
        await t.close();
      }
    });
  }

  it('by default nothing is trusted: the socket address is the client', async () => {
    const t = await createAccountTestApp();
    try {
      expect(await signInVia(t, { 'x-forwarded-for': '1.2.3.4' }, client)).toBe(client);
    } finally {
      await t.close();
    }
  });

  it('a malformed TRUST_PROXY stops the start', async () => {
    await expect(createAccountTestApp({ env: { TRUST_PROXY: 'yes' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});
