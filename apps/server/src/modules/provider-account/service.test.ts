import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AgencyRow, ProviderAccountRow } from '../../db/schema/index.js';
import type { AuthContext } from '../../http/auth.js';
import { MemoryStore } from '../../lib/kv.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { AgencyRepository } from '../agency/repository.js';
import { type ConnectionTester, unwiredConnectionTester } from './connection-tester.js';
import { sealCredentials } from './credentials.js';
import type { ProviderAccountRepository } from './repository.js';
import { ProviderAccountService } from './service.js';

/** testConnection against a fake tester, with the repository reduced to the one lookup it makes. */
const box = new SecretBox([Buffer.alloc(32, 3)]);
const agency = { id: 'ag-1', mode: 'production' } as AgencyRow;
const account: ProviderAccountRow = {
  id: 'acc-1',
  agencyId: 'ag-1',
  templateId: null,
  supplier: 'santsg',
  name: 'TourVisio',
  active: true,
  shared: false,
  credentialsEnc: sealCredentials(box, 'acc-1', { agency: 'A', user: 'U', password: 'P', host: 'https://tv.example.com/v2' }),
  settings: { currency: 'USD', nationality: 'CO', language: 'es', timeouts: {} },
  createdBy: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};
const repo = {
  findById: async (id: string) => (id === account.id ? { account, template: null } : undefined),
} as unknown as ProviderAccountRepository;

const serviceWith = (tester: ConnectionTester, testTimeoutMs?: number, store?: MemoryStore) =>
  new ProviderAccountService({
    store,
    repo,
    agencies: {} as AgencyRepository,
    secrets: () => box,
    tester,
    simulatorUrl: () => 'http://sim.test',
    log: pino({ level: 'silent' }),
    testTimeoutMs,
  });
const scope = { kind: 'agency' as const, agency };
const actorOf = (type: 'super' | 'agency', id = `${type}-1`) => ({ user: { id, type } }) as unknown as AuthContext;
const superActor = actorOf('super');

describe('ProviderAccountService.testConnection', () => {
  it('hands the tester the resolved account in the agency mode', async () => {
    let seen: unknown;
    const svc = serviceWith({
      async testConnection(acc) {
        seen = acc;
        return { ok: true };
      },
    });
    const r = await svc.testConnection(superActor, scope, 'acc-1');
    expect(r).toMatchObject({ ok: true, msg: 'Conexión exitosa', mode: 'production' });
    expect(seen).toMatchObject({ mode: 'production', baseUrl: 'https://tv.example.com/v2', credentials: { password: 'P' } });
  });

  it('answers a timeout when the tester does not finish in time, and aborts it', async () => {
    let aborted = false;
    const svc = serviceWith(
      {
        testConnection: (_acc, signal) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve({ ok: true });
            });
          }),
      },
      20,
    );
    const r = await svc.testConnection(superActor, scope, 'acc-1');
    expect(r).toEqual({ ok: false, msg: 'El proveedor no respondió a tiempo', mode: 'production', latencyMs: null });
    expect(aborted).toBe(true);
  });

  it('answers 503 while no supplier registry is wired', async () => {
    await expect(serviceWith(unwiredConnectionTester).testConnection(superActor, scope, 'acc-1')).rejects.toMatchObject({
      status: 503,
      code: 'TEST_UNAVAILABLE',
    });
  });

  it('404 for an account outside the scope', async () => {
    await expect(serviceWith(unwiredConnectionTester).testConnection(superActor, { kind: 'template' }, 'acc-1')).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('the connection test is no port scanner (issue 12 #8)', () => {
  const failing = (message: string): ConnectionTester => ({ testConnection: async () => ({ ok: false, message, latencyMs: 1234 }) });
  const refused = 'El proveedor no está disponible en este momento. Inténtalo más tarde.';
  const filtered = 'El proveedor tardó demasiado en responder. Inténtalo de nuevo.';

  it('tells super the reason and the latency', async () => {
    expect(await serviceWith(failing(refused)).testConnection(superActor, scope, 'acc-1')).toMatchObject({ msg: refused, latencyMs: 1234 });
    expect(await serviceWith(failing(filtered)).testConnection(superActor, scope, 'acc-1')).toMatchObject({
      msg: filtered,
      latencyMs: 1234,
    });
  });

  it('answers an agency admin the same for a refused, a filtered and a silent host, without latency', async () => {
    const admin = actorOf('agency');
    const answers = [
      await serviceWith(failing(refused)).testConnection(admin, scope, 'acc-1'),
      await serviceWith(failing(filtered)).testConnection(admin, scope, 'acc-1'),
      await serviceWith({ testConnection: () => new Promise(() => {}) }, 10).testConnection(admin, scope, 'acc-1'),
    ];
    for (const a of answers)
      expect(a).toEqual({ ok: false, msg: 'No se pudo conectar con el proveedor', mode: 'production', latencyMs: null });
    const ok = await serviceWith({ testConnection: async () => ({ ok: true, latencyMs: 80 }) }).testConnection(admin, scope, 'acc-1');
    expect(ok).toMatchObject({ ok: true, latencyMs: null });
  });

  it('keeps a supplier business answer (wrong credentials) for the agency admin', async () => {
    const auth = 'Las credenciales del proveedor no son válidas. Revisa la cuenta del proveedor.';
    expect(await serviceWith(failing(auth)).testConnection(actorOf('agency'), scope, 'acc-1')).toMatchObject({ msg: auth });
  });

  it('throttles each user to 10 tests per 10 minutes', async () => {
    const svc = serviceWith({ testConnection: async () => ({ ok: true }) }, undefined, new MemoryStore());
    const admin = actorOf('agency', 'admin-throttled');
    for (let i = 0; i < 10; i++) expect((await svc.testConnection(admin, scope, 'acc-1')).ok).toBe(true);
    await expect(svc.testConnection(admin, scope, 'acc-1')).rejects.toMatchObject({ status: 429, code: 'TOO_MANY_TESTS' });
    // Another user is not affected.
    expect((await svc.testConnection(actorOf('agency', 'admin-2'), scope, 'acc-1')).ok).toBe(true);
  });
});
