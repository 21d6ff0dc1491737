import { startSimulator } from '@travesia/supplier-sim';
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAccount, loginAs, makeAgency, makeUser } from '../../../test/factories.js';
import { eventually, otherConnection } from '../../../test/other-process.js';
import { insertPlace } from '../../../test/places.js';
import { createTestApp, type TestApp, testDbKind } from '../../../test/test-app.js';
import { places, providerAccounts, supplierDestinations } from '../../db/schema/index.js';
import { ProviderAccountRepository } from '../provider-account/repository.js';
import { PlaceLookup } from './hotel/places.js';

/**
 * Decision 0760: what a search reads before its supplier requests leave — the agency's usable accounts, the place
 * and its supplier codes — is kept in memory for a few seconds, and every change to those tables (through the app,
 * a raw write, or on PostgreSQL another process) is seen by the next search.
 */
let t: TestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let admin: Record<string, string>;
let agencyId = '';
let cartagena = '';
const acc: Record<string, string> = {};

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const criteria = { countryCode: 'CO', start: day(40), end: day(42), paxes: [{ adults: 2, children: [] }] };

/** The suppliers a streamed search fans out to (its `start` event) and the notes of each part. */
async function stream() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/hotel/search/stream/simulate',
    headers: admin,
    payload: { ...criteria, destination: cartagena },
  });
  expect(res.statusCode, res.body).toBe(200);
  const events = res.body
    .split('\n\n')
    .filter(Boolean)
    .map((chunk) => {
      const [ev, data] = chunk.split('\n');
      return { event: ev.replace('event: ', ''), data: JSON.parse(data.replace('data: ', '')) };
    });
  const started = events.find((e) => e.event === 'start')?.data.suppliers as { accountId: string }[];
  const notes = events.filter((e) => e.event === 'result').flatMap((e) => (e.data.response.notes ?? []) as string[]);
  return { accounts: started.map((s) => s.accountId).sort(), notes };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({}, { simulatorUrl: sim.url });
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const bolivar = await insertPlace(t.database, 'Bolívar', 'state', colombia);
  cartagena = (await insertPlace(t.database, 'Cartagena de Indias', 'city', bolivar)).id;
  await t.database.db.insert(supplierDestinations).values([
    { supplier: 'hotelbeds', placeId: cartagena, code: 'CTG' },
    { supplier: 'restel', placeId: cartagena, code: 'COBOL' },
  ]);
  const agency = await makeAgency(t.database, { modules: ['hotels-hotelbeds', 'hotels-restel'] });
  agencyId = agency.id;
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  acc.hotelbeds = await createProviderAccount(t.app, admin, 'hotelbeds', { hotelsApiKey: 'demo', hotelsSecret: 'sandbox' });
}, 60_000);

afterAll(async () => {
  await t.app.services.hotelSearch.contentFetcher.idle();
  await t?.close();
  await sim?.close();
});

describe("a search's look-ups kept between searches", () => {
  it('an account added, switched off or back on through the app or by a raw write reaches the very next search', async () => {
    expect((await stream()).accounts).toEqual([acc.hotelbeds]);
    expect((await stream()).accounts).toEqual([acc.hotelbeds]); // now from memory
    acc.restel = await createProviderAccount(t.app, admin, 'restel', { codigousu: 'T', clausu: 'sandbox', afiliacio: 'RS', secacc: 'x' });
    expect((await stream()).accounts).toEqual([acc.hotelbeds, acc.restel].sort());
    await t.database.db.update(providerAccounts).set({ active: false }).where(eq(providerAccounts.id, acc.restel));
    expect((await stream()).accounts).toEqual([acc.hotelbeds]);
    await t.database.db.update(providerAccounts).set({ active: true }).where(eq(providerAccounts.id, acc.restel));
    expect((await stream()).accounts).toEqual([acc.hotelbeds, acc.restel].sort());
  });

  it('a destination mapping removed or added reaches the very next search', async () => {
    const noMapping = (await stream()).notes.filter((n) => n.includes('no tiene hoteles asociados'));
    expect(noMapping).toEqual([]);
    await t.database.db
      .delete(supplierDestinations)
      .where(and(eq(supplierDestinations.placeId, cartagena), eq(supplierDestinations.supplier, 'restel')));
    expect((await stream()).notes.filter((n) => n.includes('no tiene hoteles asociados'))).toHaveLength(1);
    await t.database.db.insert(supplierDestinations).values({ supplier: 'restel', placeId: cartagena, code: 'COBOL' });
    expect((await stream()).notes.filter((n) => n.includes('no tiene hoteles asociados'))).toEqual([]);
  });

  it('a place and its codes are kept frozen until places or supplier_destinations change', async () => {
    const lookup = new PlaceLookup(t.database.db, t.database.changes, 30_000);
    const first = await lookup.placeAndCodes(cartagena);
    expect(await lookup.placeAndCodes(cartagena)).toBe(first);
    expect(Object.isFrozen(first.place.ancestors)).toBe(true);
    await t.database.db.update(places).set({ name: 'Cartagena' }).where(eq(places.id, cartagena));
    const renamed = await settled(() => lookup.placeAndCodes(cartagena));
    expect(renamed.place.name).toBe('Cartagena');
    await t.database.db.insert(supplierDestinations).values({ supplier: 'juniper', placeId: cartagena, code: '49000' });
    expect((await settled(() => lookup.placeAndCodes(cartagena))).codes.get('juniper')).toBe('49000');
  });

  it("an agency's usable accounts are kept frozen until provider_accounts changes", async () => {
    const repo = new ProviderAccountRepository(t.database.db, t.database.changes, 30_000);
    const first = await repo.usableByAgency(agencyId);
    expect(await repo.usableByAgency(agencyId)).toBe(first);
    expect(Object.isFrozen(first[0].account)).toBe(true);
    await t.database.db.update(providerAccounts).set({ name: 'Hotelbeds renombrada' }).where(eq(providerAccounts.id, acc.hotelbeds));
    const renamed = await settled(() => repo.usableByAgency(agencyId));
    expect(renamed.find((r) => r.account.id === acc.hotelbeds)?.account.name).toBe('Hotelbeds renombrada');
  });

  it('writes to the three tables are announced, inserts included, and their triggers exist', async () => {
    const seen: string[] = [];
    const stop = t.database.changes.subscribe((table) => seen.push(table));
    const log = (q: string) => t.database.changes.queryLogger.logQuery(q, []);
    log('insert into "provider_accounts" ("id") values ($1)');
    log('update "places" set "name" = $1 where "places"."id" = $2');
    log('\n          update places d set path = $1');
    log('insert into "supplier_destinations" ("supplier", "place_id", "code") values ($1, $2, $3)');
    log('select "id" from "provider_accounts"');
    stop();
    expect(seen).toEqual(['provider_accounts', 'places', 'places', 'supplier_destinations']);
    const rows = await t.database.withScriptConnection((run) =>
      run(
        "select tgname from pg_trigger where tgname in ('provider_accounts_changes', 'places_changes', 'supplier_destinations_changes') order by tgname",
      ),
    );
    expect(rows.map((r) => r.tgname)).toEqual(['places_changes', 'provider_accounts_changes', 'supplier_destinations_changes']);
  });
});

/**
 * The look-up once the kept copy reflects the write: on PostgreSQL the same write is announced once more at its commit
 * (the trigger), a moment later, emptying the set again; a look-up taken in between may answer before it.
 */
async function settled<V>(read: () => Promise<V>): Promise<V> {
  let value = await read();
  for (let i = 0; i < 200 && (await read()) !== value; i++) {
    await new Promise((r) => setTimeout(r, 10));
    value = await read();
  }
  return value;
}

describe.runIf(testDbKind() === 'postgres')('changes made by another process (PostgreSQL)', () => {
  let other: pg.Client;
  beforeAll(async () => {
    other = await otherConnection(t.database);
  });
  afterAll(() => other.end());

  it('an account, a place or a mapping changed elsewhere reach the kept copies', async () => {
    const repo = new ProviderAccountRepository(t.database.db, t.database.changes, 30_000);
    const lookup = new PlaceLookup(t.database.db, t.database.changes, 30_000);
    await repo.usableByAgency(agencyId);
    await lookup.placeAndCodes(cartagena);
    await other.query("update provider_accounts set name = 'Cambiada fuera' where id = $1", [acc.hotelbeds]);
    await eventually(async () => (await repo.usableByAgency(agencyId)).some((r) => r.account.name === 'Cambiada fuera'));
    await other.query("update places set name = 'Cartagena fuera' where id = $1", [cartagena]);
    await eventually(async () => (await lookup.placeAndCodes(cartagena)).place.name === 'Cartagena fuera');
    await other.query("insert into supplier_destinations (supplier, place_id, code) values ('juniper', $1, 'X1') on conflict do nothing", [
      cartagena,
    ]);
    await other.query("update supplier_destinations set code = 'X2' where place_id = $1 and supplier = 'juniper'", [cartagena]);
    await eventually(async () => (await lookup.placeAndCodes(cartagena)).codes.get('juniper') === 'X2');
  });
});
