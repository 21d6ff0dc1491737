import type { FlightSection, TransferSection } from '@travesia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { makeVoucher } from '../../../test/voucher-factory.js';

/**
 * Issue 13 item 6 and issue 15 item 2: a section per product kind on the detail and the PDF (with the
 * QR code of our reference and the supplier's emergency contact), the agent's remarks, and the
 * cancellation reason kept on the voucher, in its history, its PDF; the access rule's answers.
 */
let t: TestApp;
let w: Awaited<ReturnType<typeof makeWorld>>;
let ids: Record<'ticket' | 'transfer' | 'flight' | 'hotel', string>;

const transfer: TransferSection = {
  kind: 'transfer',
  legs: [
    {
      direction: 'outbound',
      from: 'Aeropuerto de Cancún (CUN)',
      to: 'Hotel Riu Palace',
      pickup: { date: '2030-06-10', time: '14:30', point: 'Salida de llegadas, puerta 3' },
      vehicle: 'Van',
      service: 'Privado',
      passengers: 3,
      transportNumber: 'AM 123',
    },
    {
      direction: 'return',
      from: 'Hotel Riu Palace',
      to: 'Aeropuerto de Cancún (CUN)',
      pickup: { date: '2030-06-14' },
      checkPickup: { instruction: 'Confirme la hora de recogida con el proveedor', hoursBefore: 48 },
      passengers: 3,
      transportNumber: 'AM 456',
    },
  ],
  emergencyContact: { name: 'Traslados Caribe', phone: '+52 998 555 0101', hours: '24 horas' },
};
const flight: FlightSection = {
  kind: 'flight',
  pnr: 'X7K2PQ',
  segments: [
    {
      carrier: 'AV',
      flightNumber: '204',
      from: { code: 'BOG', terminal: '1' },
      to: { code: 'MIA', terminal: 'N' },
      departure: '2030-06-10T08:15',
      arrival: '2030-06-10T12:40',
      cabin: 'Económica',
    },
  ],
  passengers: [{ name: 'Laura Restrepo', type: 'adult', ticketNumber: '134-2345678901' }],
  baggage: '1 maleta de 23 kg',
};

beforeAll(async () => {
  t = await createTestApp();
  w = await makeWorld(t.app, t.database);
  const base = { agencyId: w.agencyA.id, userId: w.users.admin.id };
  const [ticket, tr, fl, hotel] = await Promise.all([
    // As own tickets store it (modules/inventory): session and participants beside the name.
    makeVoucher(t.app, {
      ...base,
      type: 'ticket',
      start: '2030-06-11',
      end: '2030-06-11',
      product: { name: 'Tour Isla Mujeres', destination: 'Cancún', session: '09:30', adults: 2, childrenAges: [7] },
    }),
    makeVoucher(t.app, { ...base, type: 'transfer', product: { name: 'Traslado CUN', section: transfer } }),
    makeVoucher(t.app, {
      ...base,
      type: 'flight',
      provider: 'santsg',
      integrator: 'santsg',
      product: { name: 'BOG-MIA', section: flight },
    }),
    makeVoucher(t.app, { ...base, remarks: 'Llegada tarde, <b>guardar</b> la habitación' }),
  ]);
  ids = { ticket: ticket.voucher.id, transfer: tr.voucher.id, flight: fl.voucher.id, hotel: hotel.voucher.id };
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'user-agent': 'vitest', ...headers } });

describe('voucher sections per kind', () => {
  it('an own ticket is read from what it stored: date, session, participants', async () => {
    const v = (await get(`/api/voucher/${ids.ticket}`, w.headers.admin)).json();
    expect(v.section).toEqual({
      kind: 'ticket',
      activity: 'Tour Isla Mujeres',
      destination: 'Cancún',
      date: '2030-06-11',
      session: '09:30',
      participants: { adults: 2, children: 1, childrenAges: [7] },
    });
  });

  it('a transfer answers its legs and a flight its PNR, segments and tickets, as written by the flow', async () => {
    expect((await get(`/api/voucher/${ids.transfer}`, w.headers.admin)).json().section).toEqual(transfer);
    expect((await get(`/api/voucher/${ids.flight}`, w.headers.admin)).json().section).toEqual(flight);
  });

  it('the PDF carries the sections, the QR code, the emergency contact and the pickup to confirm', async () => {
    const res = await get(`/api/voucher/${ids.transfer}/pdf`, w.headers.admin);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Ida: Aeropuerto de Cancún (CUN) -> Hotel Riu Palace');
    expect(text).toContain('Salida de llegadas, puerta 3');
    expect(text).toContain('Confirme la hora de recogida con el proveedor Confírmela al menos 48 horas antes.');
    expect(text).toContain('hora por confirmar');
    expect(text).toContain('AM 456');
    expect(text).toContain('Contacto de emergencia');
    expect(text).toContain('+52 998 555 0101');
    expect(text).toContain('Referencia de la reserva');
    // Two images: the QR code is drawn even without an agency logo.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const flightText = pdfText((await get(`/api/voucher/${ids.flight}/pdf`, w.headers.admin)).rawPayload);
    expect(flightText).toContain('X7K2PQ');
    expect(flightText).toContain('Tramo 1: AV 204 BOG -> MIA');
    expect(flightText).toContain('10-06-2030 08:15 · BOG · Terminal 1');
    expect(flightText).toContain('Tiquete 134-2345678901');
  });
});

describe('remarks and cancellation reason (issue 15 item 2)', () => {
  it('the remarks are answered and printed', async () => {
    expect((await get(`/api/voucher/${ids.hotel}`, w.headers.admin)).json().remarks).toBe('Llegada tarde, <b>guardar</b> la habitación');
    expect(pdfText((await get(`/api/voucher/${ids.hotel}/pdf`, w.headers.admin)).rawPayload)).toContain('Observaciones de la reserva');
  });

  it('a reason over 500 characters is a 400 in Spanish and cancels nothing', async () => {
    const res = await post(`/api/voucher/${ids.ticket}/cancel`, { note: 'x'.repeat(501) }, w.headers.admin);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('El motivo de la cancelación admite máximo 500 caracteres');
    expect((await get(`/api/voucher/${ids.ticket}`, w.headers.admin)).json().status).toBe('confirmed');
  });

  it('the reason is kept on the voucher, in the history and on the PDF; a cancelled voucher is not cancelled twice', async () => {
    const reason = 'El cliente <script>enfermó</script>';
    const res = await post(`/api/voucher/${ids.ticket}/cancel`, { note: reason }, w.headers.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().cancelReason).toBe(reason);
    const detail = (await get(`/api/voucher/${ids.ticket}`, w.headers.admin)).json();
    expect(detail.cancelReason).toBe(reason);
    expect(detail.events.find((e: { kind: string }) => e.kind === 'cancelled').note).toBe(reason);
    const text = pdfText((await get(`/api/voucher/${ids.ticket}/pdf`, w.headers.admin)).rawPayload);
    expect(text).toMatch(/Motivo: \n/);
    expect(text).toContain(reason);
    const again = await post(`/api/voucher/${ids.ticket}/cancel`, {}, w.headers.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_CANCELLED');
    const quote = await post(`/api/voucher/${ids.ticket}/cancel-quote`, {}, w.headers.admin);
    expect(quote.statusCode).toBe(409);
  });

  it('approving a cancelled voucher is refused by the same rule (409 VOUCHER_CANCELLED)', async () => {
    const res = await post('/api/voucher/int/approve', { id: ids.ticket, approved: true }, w.headers.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('VOUCHER_CANCELLED');
  });
});
