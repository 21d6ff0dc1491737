import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeAgency, makeUser } from '../../../../test/factories.js';
import { insertPlace } from '../../../../test/places.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { ticketCapacity, ticketProducts } from '../../../db/schema/index.js';

/**
 * `GET /api/ticket/travesia/calendar` (decision 0440): the days own tickets of a place still have
 * places, which the own-ticket route's day picker leaves open; bad ranges are 400s in Spanish.
 */
let t: TestApp;
let admin: Record<string, string>;
let other: Record<string, string>;
let cartagena = '';
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const calendar = (headers: Record<string, string>, q: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/ticket/travesia/calendar?${new URLSearchParams(q)}`, headers });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const colombia = await insertPlace(t.database, 'Colombia', 'country', null);
  const city = await insertPlace(t.database, 'Cartagena de Indias', 'city', colombia);
  cartagena = city.id;
  const rosario = (await insertPlace(t.database, 'Islas del Rosario', 'city', city)).id;
  const base = {
    price: '40',
    childPrice: '25',
    maxPeople: 60,
    startHour: '09:00',
    endHour: '12:00',
    policy: { nonRefundable: true, rules: [], noShow: null },
  };
  const [tour, boat] = await db
    .insert(ticketProducts)
    .values([
      { ...base, name: 'Tour en chiva', placeId: cartagena, sessions: ['09:00'] },
      { ...base, name: 'Lancha a las islas', placeId: rosario, sessions: [] },
    ])
    .returning({ id: ticketProducts.id });
  await db.insert(ticketCapacity).values([
    { ticketId: tour.id, day: inDays(5), session: '09:00', capacity: 10 },
    // A sold-out day and a stopped one are not open.
    { ticketId: tour.id, day: inDays(6), session: '09:00', capacity: 0 },
    { ticketId: tour.id, day: inDays(7), session: '09:00', capacity: 10, stopSale: true },
    { ticketId: boat.id, day: inDays(9), session: '', capacity: 4 },
    { ticketId: tour.id, day: inDays(-1), session: '09:00', capacity: 10 },
  ]);
  const agency = await makeAgency(t.database, { modules: ['tickets-travesia'] });
  admin = await loginAs(t.app, (await makeUser(t.database, 'agency', agency.id)).email);
  const hotelsOnly = await makeAgency(t.database, { modules: ['hotels-hotelbeds'] });
  other = await loginAs(t.app, (await makeUser(t.database, 'agency', hotelsOnly.id)).email);
}, 90_000);

afterAll(async () => {
  await t?.close();
});

describe('own tickets calendar', () => {
  it('answers the days with places at the place and inside it, never a past one', async () => {
    const res = await calendar(admin, { destination: cartagena, from: inDays(-3), to: inDays(20) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response).toEqual({ from: inDays(-3), to: inDays(20), days: [inDays(5), inDays(9)] });
    // A group of 5 fits only the tour's 10 places (the boat has 4).
    const group = await calendar(admin, { destination: cartagena, from: inDays(1), to: inDays(20), people: '5' });
    expect(group.json().response.days).toEqual([inDays(5)]);
    const past = await calendar(admin, { destination: cartagena, from: inDays(-5), to: inDays(-1) });
    expect(past.json().response.days).toEqual([]);
  });

  it('refuses bad ranges in Spanish, a disabled module with a 403', async () => {
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ from: inDays(10), to: inDays(5) }, 400, 'La fecha final debe ser igual o posterior al día de la actividad'],
      [{ from: inDays(1), to: inDays(40) }, 400, 'El rango de fechas no puede superar 31 días'],
      [{ from: 'mañana', to: inDays(5) }, 400, 'Fecha no válida (formato AAAA-MM-DD)'],
      [{ from: inDays(1) }, 400, 'Dia estimado de la actividad es requerido'],
      [{ from: inDays(1), to: inDays(5), people: '21' }, 400, 'Máximo 20 participantes por reserva'],
    ];
    for (const [q, status, msg] of cases) {
      const res = await calendar(admin, { destination: cartagena, ...q });
      expect(res.statusCode, JSON.stringify(q)).toBe(status);
      expect(res.json().msg).toBe(msg);
    }
    const unknown = await calendar(admin, { destination: '00000000-0000-4000-8000-000000000000', from: inDays(1), to: inDays(5) });
    expect(unknown.statusCode).toBe(404);
    expect((await calendar(other, { destination: cartagena, from: inDays(1), to: inDays(5) })).statusCode).toBe(403);
  });
});
