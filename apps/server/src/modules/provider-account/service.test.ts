import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AgencyRow, ProviderAccountRow } from '../../db/schema/index.js';
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

const serviceWith = (tester: ConnectionTester, testTimeoutMs?: number) =>
  new ProviderAccountService({
    repo,
    agencies: {} as AgencyRepository,
    secrets: () => box,
    tester,
    simulatorUrl: () => 'http://sim.test',
    log: pino({ level: 'silent' }),
    testTimeoutMs,
  });
const scope = { kind: 'agency' as const, agency };

describe('ProviderAccountService.testConnection', () => {
  it('hands the tester the resolved account in the agency mode', async () => {
    let seen: unknown;
    const svc = serviceWith({
      async testConnection(acc) {
        seen = acc;
        return { ok: true };
      },
    });
    const r = await svc.testConnection(scope, 'acc-1');
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
    const r = await svc.testConnection(scope, 'acc-1');
    expect(r).toEqual({ ok: false, msg: 'El proveedor no respondió a tiempo', mode: 'production', latencyMs: null });
    expect(aborted).toBe(true);
  });

  it('answers 503 while no supplier registry is wired', async () => {
    await expect(serviceWith(unwiredConnectionTester).testConnection(scope, 'acc-1')).rejects.toMatchObject({
      status: 503,
      code: 'TEST_UNAVAILABLE',
    });
  });

  it('404 for an account outside the scope', async () => {
    await expect(serviceWith(unwiredConnectionTester).testConnection({ kind: 'template' }, 'acc-1')).rejects.toMatchObject({ status: 404 });
  });
});
