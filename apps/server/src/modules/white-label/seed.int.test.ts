import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedFoundation } from '../../db/seed/demo-foundation.js';
import { DEMO_STOREFRONT_SLUG, seedDemoWhiteLabel } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('demo storefront seed', () => {
  it('publishes viajes-demo for the demo agency, once', async () => {
    const ctx = { db: t.database.db, log: pino({ level: 'silent' }) };
    await seedFoundation(ctx);
    await seedDemoWhiteLabel(ctx);
    await seedDemoWhiteLabel(ctx);
    const res = await t.app.inject({ url: `/api/storefront/${DEMO_STOREFRONT_SLUG}/site` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Viajes Andinos', currency: 'COP', hero: { title: 'Viaja por Colombia con Viajes Andinos' } });
  });
});
