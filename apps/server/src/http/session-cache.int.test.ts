import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser } from '../../test/factories.js';
import { eventually, otherConnection } from '../../test/other-process.js';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.js';
import { agencies, agencySettings, users } from '../db/schema/index.js';
import { AgencySettingsRepository } from '../modules/agency-settings/repository.js';
import { loadSession } from './auth.js';
import { SessionCache } from './session-cache.js';

/**
 * Decision 0540: signed-in callers are kept in memory between requests, and every change to a session, user or
 * agency — through the app, by a raw write, or (PostgreSQL) from another process — is seen by the next request.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user', headers });

async function signedIn() {
  const agency = await makeAgency(t.database, { modules: ['hotels-travesia', 'tickets-travesia'] });
  const user = await makeUser(t.database, 'agency', agency.id);
  const headers = await loginAs(t.app, user.email);
  expect((await me(headers)).statusCode).toBe(200);
  expect((await me(headers)).statusCode).toBe(200); // now answered from memory
  return { agency, user, headers };
}

describe('signed-in callers kept between requests', () => {
  it('a logout ends the session for the very next request', async () => {
    const { headers } = await signedIn();
    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers })).statusCode).toBeLessThan(300);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('a raw write to the user, the agency or the session is seen by the next request', async () => {
    const a = await signedIn();
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, a.user.id));
    expect((await me(a.headers)).statusCode).toBe(401);

    const b = await signedIn();
    await t.database.db.update(agencies).set({ name: 'Renombrada por SQL' }).where(eq(agencies.id, b.agency.id));
    expect((await me(b.headers)).json().agency.name).toBe('Renombrada por SQL');
    await t.database.db.update(agencies).set({ active: false }).where(eq(agencies.id, b.agency.id));
    expect((await me(b.headers)).statusCode).toBe(401);

    const c = await signedIn();
    await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${c.user.id}`);
    expect((await me(c.headers)).statusCode).toBe(401);
  });

  it('what one request is handed cannot be altered for the next', async () => {
    const { headers } = await signedIn();
    const token = headers['x-access-token'];
    const cache = new SessionCache(t.database.changes);
    const first = await loadSession(t.database.db, token, cache);
    const again = await loadSession(t.database.db, token, cache);
    expect(again).toBe(first);
    expect(() => {
      (again as { user: { status: string } }).user.status = 'inactive';
    }).toThrow(TypeError);
    expect(() => (again as { modules: string[] }).modules.push('flights-santsg')).toThrow(TypeError);
  });

  it('a look-up that raced a change is not kept', async () => {
    const { headers } = await signedIn();
    const token = headers['x-access-token'];
    const cache = new SessionCache(t.database.changes);
    // The look-up is in flight (it took its mark before its query) when a write to users is sent: whatever it
    // read may predate the write, so it is answered but not kept.
    const inFlight = loadSession(t.database.db, token, cache);
    t.database.changes.queryLogger.logQuery('update "users" set "updated_at" = now()', []);
    expect(await inFlight).not.toBeNull();
    expect(cache.size).toBe(0);
    // The next look-up, with nothing announced meanwhile, is kept.
    expect(await loadSession(t.database.db, token, cache)).not.toBeNull();
    expect(cache.size).toBe(1);
  });
});

describe("an agency's settings kept between requests", () => {
  it('a look and zone saved through the app, or by a raw write, reach the very next request', async () => {
    const { agency, headers } = await signedIn();
    const put = await t.app.inject({ method: 'PUT', url: '/api/configuration/app', headers, payload: { timeZone: 'Europe/Madrid' } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await me(headers)).json().branding.timeZone).toBe('Europe/Madrid');
    await t.database.db.update(agencySettings).set({ timeZone: 'America/Lima' }).where(eq(agencySettings.agencyId, agency.id));
    expect((await me(headers)).json().branding.timeZone).toBe('America/Lima');
    await t.database.db.delete(agencySettings).where(eq(agencySettings.agencyId, agency.id));
    expect((await me(headers)).json().branding.timeZone).toBe('America/Bogota');
  });

  it('a row is kept (frozen) until the table changes, and an agency that never saved one is kept as none', async () => {
    const agency = await makeAgency(t.database, { modules: ['hotels-travesia'] });
    const repo = new AgencySettingsRepository(t.database.db, t.database.changes, 30_000);
    expect(await repo.find(agency.id)).toBeUndefined();
    await t.database.db.insert(agencySettings).values({ agencyId: agency.id, timeZone: 'America/Lima' });
    // On PostgreSQL the insert is announced again at its commit, a moment later, emptying the set once more.
    let row = await repo.find(agency.id);
    for (let i = 0; i < 200 && (await repo.find(agency.id)) !== row; i++) {
      await new Promise((r) => setTimeout(r, 10));
      row = await repo.find(agency.id);
    }
    expect(row?.timeZone).toBe('America/Lima');
    expect(await repo.find(agency.id)).toBe(row);
    expect(Object.isFrozen(row)).toBe(true);
    await t.database.db.update(agencySettings).set({ timeZone: 'Europe/Madrid' }).where(eq(agencySettings.agencyId, agency.id));
    expect(await repo.timeZone(agency.id)).toBe('Europe/Madrid');
  });
});

describe.runIf(testDbKind() === 'postgres')('changes made by another process (PostgreSQL)', () => {
  /** Another server process, or an operator with psql: a connection of its own to the same database. */
  let other: pg.Client;
  beforeAll(async () => {
    other = await otherConnection(t.database);
  });
  afterAll(() => other.end());

  it('a session revoked elsewhere is dropped from memory as soon as the change is announced', async () => {
    const { headers, user } = await signedIn();
    const token = headers['x-access-token'];
    const cache = new SessionCache(t.database.changes);
    expect(await loadSession(t.database.db, token, cache)).not.toBeNull();
    expect(cache.size).toBe(1);
    await other.query('update sessions set revoked_at = now() where user_id = $1', [user.id]);
    await eventually(() => cache.size === 0);
    expect(await loadSession(t.database.db, token, cache)).toBeNull();
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('while the listener is down nothing is kept, and keeping resumes once it reconnects', async () => {
    const { headers, user } = await signedIn();
    const token = headers['x-access-token'];
    const cache = new SessionCache(t.database.changes);
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen travesia_changes' and datname = current_database()",
    );
    await eventually(() => !t.database.changes.live);
    expect(await loadSession(t.database.db, token, cache)).not.toBeNull();
    expect(cache.size).toBe(0);
    await other.query('update users set status = $1 where id = $2', ['inactive', user.id]);
    expect(await loadSession(t.database.db, token, cache)).toBeNull();
    expect((await me(headers)).statusCode).toBe(401);

    await eventually(() => t.database.changes.live);
    const again = await signedIn();
    const kept = new SessionCache(t.database.changes);
    expect(await loadSession(t.database.db, again.headers['x-access-token'], kept)).not.toBeNull();
    expect(kept.size).toBe(1);
    await other.query('delete from sessions where user_id = $1', [again.user.id]);
    await eventually(() => kept.size === 0);
  });

  it("an agency's settings saved elsewhere reach this process's kept copy", async () => {
    const agency = await makeAgency(t.database, { modules: ['hotels-travesia'] });
    const repo = new AgencySettingsRepository(t.database.db, t.database.changes, 30_000);
    expect(await repo.timeZone(agency.id)).toBeUndefined();
    await other.query("insert into agency_settings (agency_id, time_zone) values ($1, 'America/Lima')", [agency.id]);
    await eventually(async () => (await repo.timeZone(agency.id)) === 'America/Lima');
    await other.query("update agency_settings set time_zone = 'Europe/Madrid' where agency_id = $1", [agency.id]);
    await eventually(async () => (await repo.timeZone(agency.id)) === 'Europe/Madrid');
  });
});

describe('which statements announce a change', () => {
  it('updates, deletes and truncates of sessions, users and agencies, and any write to agency settings; nothing else', () => {
    const seen: string[] = [];
    const stop = t.database.changes.subscribe((table) => seen.push(table));
    const log = (q: string) => t.database.changes.queryLogger.logQuery(q, []);
    log('update "users" set "status" = $1 where "users"."id" = $2');
    log('  delete from sessions where user_id = $1');
    log('truncate table agencies');
    log('UPDATE agencies SET name = $1');
    log('select "id" from "users"');
    log('insert into "sessions" ("id") values ($1)');
    log('update "user_preferences" set x = 1');
    log('update "vouchers" set "status" = $1');
    log('insert into "agency_settings" ("agency_id") values ($1) on conflict ("agency_id") do update set "time_zone" = $2');
    log('delete from "agency_settings" where "agency_id" = $1');
    stop();
    expect(seen).toEqual(['users', 'sessions', 'agencies', 'agencies', 'agency_settings', 'agency_settings']);
  });

  it('the four tables announce through their triggers', async () => {
    const rows = await t.database.withScriptConnection((run) =>
      run(
        "select tgname from pg_trigger where tgname in ('sessions_changes', 'users_changes', 'agencies_changes', 'agency_settings_changes') order by tgname",
      ),
    );
    expect(rows.map((r) => r.tgname)).toEqual(['agencies_changes', 'agency_settings_changes', 'sessions_changes', 'users_changes']);
  });
});
