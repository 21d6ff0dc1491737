import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS, findAirport, findDestination, flightsOn, hotelsOf } from './core/inventory.js';
import { TokenCodec } from './core/tokens.js';
import { verifySignature } from './hotelbeds/common.js';
import { type RunningSimulator, startSimulator } from './server.js';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const sign = (key: string, secret: string, t: number) => createHash('sha256').update(`${key}${secret}${t}`).digest('hex');
const hb = (path: string, body: unknown, t = Math.floor(Date.now() / 1000), secret = 'sandbox') =>
  fetch(`${sim.url}/hotelbeds/hotel-api/1.0${path}`, {
    method: 'POST',
    headers: { 'api-key': 'k', 'x-signature': sign('k', secret, t), 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const search = {
  stay: { checkIn: day(30), checkOut: day(32) },
  occupancies: [{ rooms: 1, adults: 2, children: 0 }],
  destination: { code: 'MDE' },
};

describe('supplier simulator', () => {
  it('covers the documented destinations with hotels, zones and airports', () => {
    for (const code of ['CTG', 'MDE', 'BOG', 'SMR', 'ADZ', 'CUN', 'ORL', 'MAD', 'BCN', 'MIA']) {
      const d = findDestination(code);
      expect(d, code).toBeDefined();
      expect(hotelsOf(d!).length).toBeGreaterThanOrEqual(8);
      expect(findAirport(d!.airport)).toBeDefined();
    }
    expect(findDestination('Medellín')?.code).toBe('MDE');
    expect(
      DESTINATIONS.find((d) => d.code === 'ORL')
        ?.zones.filter((z) => z.resort)
        .map((z) => z.resort),
    ).toEqual(['disney', 'disney', 'universal']);
  });

  it('is deterministic: the same search answers the same hotels and prices', async () => {
    type Reply = { hotels: { hotels: { code: number; rooms: { rates: { net: string }[] }[] }[] } };
    const a = (await (await hb('/hotels', search)).json()) as Reply;
    const b = (await (await hb('/hotels', search)).json()) as Reply;
    const strip = (x: Reply) => x.hotels.hotels.map((h) => [h.code, h.rooms.map((r) => r.rates.map((q) => q.net))]);
    expect(strip(a)).toEqual(strip(b));
    expect(flightsOn(findAirport('BOG')!, findAirport('MIA')!, day(10))).toEqual(
      flightsOn(findAirport('BOG')!, findAirport('MIA')!, day(10)),
    );
  });

  it('answers at its configured latency, with slow on top of it', async () => {
    const slowSim = await startSimulator({ port: 0, latencyMs: { hotelbeds: 250 } });
    try {
      const t = Math.floor(Date.now() / 1000);
      const call = async (headers: Record<string, string> = {}) => {
        const started = performance.now();
        const res = await fetch(`${slowSim.url}/hotelbeds/hotel-api/1.0/hotels`, {
          method: 'POST',
          headers: { 'api-key': 'k', 'x-signature': sign('k', 'sandbox', t), 'content-type': 'application/json', ...headers },
          body: JSON.stringify(search),
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        return performance.now() - started;
      };
      expect(await call()).toBeGreaterThanOrEqual(249);
      expect(await call({ 'x-sim-scenario': 'slow', 'x-sim-delay-ms': '150' })).toBeGreaterThanOrEqual(399);
    } finally {
      await slowSim.close();
    }
  });

  it('checks the Hotelbeds signature within ±5 minutes', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await hb('/hotels', search, now - 240)).status).toBe(200);
    const late = await hb('/hotels', search, now - 400);
    expect(late.status).toBe(403);
    expect(late.headers.get('x-mashery-error-code')).toBe('ERR_403_NOT_AUTHORIZED');
    expect((await hb('/hotels', search, now, 'wrong')).status).toBe(403);
    expect(verifySignature('k', sign('k', 'sandbox', 1000), 1000 + 299)).toBe(true);
  });

  it('answers over-quota as the Mashery gateway did: 403 text/xml with X-Mashery-Error-Code', async () => {
    const res = await fetch(`${sim.url}/hotelbeds/hotel-api/1.0/status`, {
      headers: { 'api-key': 'k', 'x-signature': sign('k', 'sandbox', Math.floor(Date.now() / 1000)), 'x-sim-scenario': 'quota' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/text\/xml/);
    expect(res.headers.get('x-mashery-error-code')).toBe('ERR_403_DEVELOPER_OVER_RATE');
  });

  it('tokens expire and cannot be tampered with', () => {
    const codec = new TokenCodec('k');
    const { token } = codec.encode({ a: 1 }, 1_000, 0);
    expect(codec.decode(token, 500)).toMatchObject({ a: 1 });
    expect(codec.decode(token, 2_000)).toBe('expired');
    expect(codec.decode(`${token.slice(0, -2)}xx`, 500)).toBeNull();
  });

  it('TourVisio refuses calls without a bearer token', async () => {
    const res = await fetch(`${sim.url}/santsg/api/productservice/pricesearch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { header: { success: boolean } }).header.success).toBe(false);
  });

  it('Restel replies in ISO-8859-1', async () => {
    const xml = '<peticion><tipo>5</tipo><parametros><idioma>1</idioma></parametros></peticion>';
    const res = await fetch(`${sim.url}/restel/xml/listen_xml.jsp`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `codigousu=u&clausu=sandbox&afiliacio=RS&secacc=sandbox&xml=${encodeURIComponent(xml)}`,
    });
    expect(res.headers.get('content-type')).toMatch(/ISO-8859-1/);
    const text = new TextDecoder('latin1').decode(await res.arrayBuffer());
    expect(text).toContain('España');
  });
});
