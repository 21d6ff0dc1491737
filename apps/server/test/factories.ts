import { randomUUID } from 'node:crypto';
import type { AgencyModule, UserType } from '@travesia/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { agencies, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/passwords.js';

export const TEST_PASSWORD = 'Secreta123!';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD));

export async function makeAgency(database: Database, over: Partial<typeof agencies.$inferInsert> & { modules?: AgencyModule[] } = {}) {
  const { modules, ...rest } = over;
  const [row] = await database.db
    .insert(agencies)
    .values({
      name: `Agencia ${randomUUID().slice(0, 8)}`,
      options: Object.fromEntries((modules ?? ['hotels-travesia']).map((m) => [m, true])),
      ...rest,
    })
    .returning();
  return row;
}

export async function makeUser(database: Database, type: UserType, agencyId: string | null, over: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(users)
    .values({
      email: `${type}-${randomUUID().slice(0, 8)}@test.example`,
      passwordHash: await passwordHash(),
      type,
      agencyId,
      profile: { name: 'Prueba', lastName: type, docType: 'CC', docNumber: '123' },
      ...over,
    })
    .returning();
  return row;
}

/** Signs in through the API and answers the headers that carry the session. */
export async function loginAs(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { user: email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return { 'x-access-token': res.json().token };
}

/** A small world most tests need: two agencies and one user of each type. */
export async function makeWorld(app: FastifyInstance, database: Database) {
  const agencyA = await makeAgency(database, { name: `Viajes A ${randomUUID().slice(0, 6)}` });
  const agencyB = await makeAgency(database, { name: `Viajes B ${randomUUID().slice(0, 6)}` });
  const superUser = await makeUser(database, 'super', null);
  const loader = await makeUser(database, 'product-loader', null);
  const admin = await makeUser(database, 'agency', agencyA.id);
  const adviser = await makeUser(database, 'adviser', agencyA.id);
  const reseller = await makeUser(database, 'reseller', agencyA.id);
  const adminB = await makeUser(database, 'agency', agencyB.id);
  const [h] = await Promise.all([Promise.all([superUser, loader, admin, adviser, reseller, adminB].map((u) => loginAs(app, u.email)))]);
  const [superH, loaderH, adminH, adviserH, resellerH, adminBH] = h;
  return {
    agencyA,
    agencyB,
    users: { superUser, loader, admin, adviser, reseller, adminB },
    headers: { super: superH, loader: loaderH, admin: adminH, adviser: adviserH, reseller: resellerH, adminB: adminBH },
  };
}

/** Creates a supplier account through POST /api/provider-account and answers its id. */
export async function createProviderAccount(
  app: FastifyInstance,
  headers: Record<string, string>,
  supplier: string,
  credentials: Record<string, string>,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/provider-account',
    headers,
    payload: { supplier, name: `${supplier} ${randomUUID().slice(0, 6)}`, credentials },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}
