import { randomBytes } from 'node:crypto';
import type { Place } from '@travesia/contracts';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoFirst, seedDemoRest } from '../../composition/seeders.js';
import { SecretBox } from '../../lib/secret-box.js';
import { SIM_DESTINATIONS } from '../../modules/booking/hotel/seed.js';
import { placeSeedPending } from '../../modules/place/seed/seed.js';
import { places, supplierDestinations } from '../schema/index.js';
import { BackgroundSeed } from './background.js';
import { DEMO_PASSWORD } from './demo-foundation.js';

/**
 * The start path of decision 0470: the demo data the first screens need before readiness, the rest of
 * the place tree in the background while requests are served, and `/health/ready` saying which.
 */
let t: TestApp;
let background: BackgroundSeed;
const warnings: string[] = [];
const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
const SECRETS_KEY = randomBytes(32).toString('hex');
const secrets = () => SecretBox.fromText(SECRETS_KEY);

beforeAll(async () => {
  background = new BackgroundSeed(log);
  t = await createTestApp({ SECRETS_KEY }, { seedState: () => background.state });
  await seedDemoFirst({ db: t.database.db, log, secrets });
}, 300_000);
afterAll(() => t?.close());

const ready = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; seed: string };
};
const search = async (headers: Record<string, string>, keyword: string, type: string) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/place/autocomplete?type=${type}`, headers, payload: { keyword, limit: 5 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Place[];
};

describe('demo seed before readiness, the rest in the background', () => {
  it('seeds before readiness everything the first screens and the demo destinations need', async () => {
    expect(warnings, 'a demo seeder missed a place').toEqual([]);
    const admin = await loginAs(t.app, 'agencia@travesia.example', DEMO_PASSWORD);
    const last = await t.app.inject({ method: 'GET', url: '/api/dashboard/last-vouchers?limit=10', headers: admin });
    expect(last.json().docs).toHaveLength(10);
    const codes = new Set(
      (
        await t.database.db
          .select({ code: supplierDestinations.code })
          .from(supplierDestinations)
          .where(eq(supplierDestinations.supplier, 'hotelbeds'))
      ).map((r) => r.code),
    );
    expect([...codes].sort()).toEqual(SIM_DESTINATIONS.map((d) => d.hotelbeds).sort());
    expect((await search(admin, 'cartagena', 'city'))[0].displayName).toBe('Cartagena de Indias, Bolívar, Colombia');
    expect((await search(admin, 'MCO', 'airport'))[0]).toMatchObject({ iataCode: 'MCO' });
    expect((await search(admin, 'miami beach', 'city'))[0].displayName).toBe('Miami Beach, Florida, Estados Unidos');
    // The rest of the world is not there yet, nor the United States beyond Florida (decision 0631), and the
    // start knows it has to load them.
    expect(await search(admin, 'francia', 'country')).toEqual([]);
    expect(await search(admin, 'houston', 'city')).toEqual([]);
    expect(await placeSeedPending(t.database.db)).toBe(true);
  });

  it('loads the rest while requests are served, and /health/ready says running until it is complete', async () => {
    const admin = await loginAs(t.app, 'agencia@travesia.example', DEMO_PASSWORD);
    background.start((opts) => seedDemoRest({ db: t.database.db, log, secrets, ...opts }));
    expect((await ready()).seed).toBe('running');
    // Sign-in and the demo destinations answer during the background load.
    await loginAs(t.app, 'asesor@travesia.example', DEMO_PASSWORD);
    expect((await search(admin, 'medellin', 'city'))[0].name).toBe('Medellín');
    expect((await ready()).seed).toBe('running');

    await background.settled();
    expect(await ready()).toMatchObject({ status: 'ok', seed: 'complete' });
    expect(warnings).toEqual([]);
    expect(await placeSeedPending(t.database.db)).toBe(false);
    expect((await search(admin, 'francia', 'country'))[0]).toMatchObject({ name: 'Francia', countryCode: 'FR' });
    expect((await search(admin, 'houston', 'city'))[0].displayName).toBe('Houston, Texas, Estados Unidos');
    expect((await search(admin, 'JFK', 'airport'))[0]).toMatchObject({ iataCode: 'JFK' });
    const countries = await t.database.db.select({ id: places.id }).from(places).where(eq(places.type, 'country'));
    expect(countries.length).toBeGreaterThanOrEqual(245);
  }, 300_000);

  it('marks a background seed that threw as failed, and one stopped at shutdown as unfinished', async () => {
    const failing = new BackgroundSeed(pino({ level: 'silent' }));
    failing.start(async () => {
      throw new Error('disk full');
    });
    await failing.settled();
    expect(failing.state).toBe('failed');

    const stopped = new BackgroundSeed(pino({ level: 'silent' }));
    let sawAbort = false;
    stopped.start(async ({ pause, signal }) => {
      for (;;) {
        await pause();
        if (signal.aborted) {
          sawAbort = true;
          signal.throwIfAborted();
        }
      }
    });
    await stopped.stop();
    expect(sawAbort).toBe(true);
    expect(stopped.state).toBe('running');
  });
});
