import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caught, inDays, type SupplierHarness, startSupplierHarness } from '../../../test/supplier-harness.js';
import { choicesFor } from '../../../test/ticket-choices.js';
import type { SupplierRequest } from '../http/supplier-http.js';
import type { TicketOffer, TicketSearchInput, TicketSupplier, Traveller } from '../types.js';
import { HotelbedsActivityAdapter } from './activity-adapter.js';

/**
 * Contract: what the Hotelbeds Activities adapter adds for real tickets, against the simulator —
 * every page of results, sessions, languages, mandatory questions sent as `answers`, the policy of
 * the chosen day, the documented pax type codes and the provider's own vouchers.
 */
let h: SupplierHarness;
let tickets: TicketSupplier;
const ref = () => `TV${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const holder = { name: 'Ana', surname: 'Pérez', email: 'ana@agencia.test', phone: '+573001112233' };
const search: TicketSearchInput = { destination: 'CTG', from: inDays(20), to: inDays(20), paxAges: [30, 32, 8] };
const paxes: Traveller[] = [
  { name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 },
  { name: 'Luis', surname: 'Pérez', type: 'adult', age: 32 },
  { name: 'Sol', surname: 'Pérez', type: 'child', age: 8 },
];
const sent: SupplierRequest[] = [];

beforeAll(async () => {
  h = await startSupplierHarness();
  const request = h.http.request.bind(h.http);
  h.http.request = (req) => {
    sent.push(req);
    return request(req);
  };
  tickets = h.registry.ticket(h.account('hotelbeds'));
});
afterAll(() => h.close());

const find = (offers: TicketOffer[], test: (o: TicketOffer) => boolean) => {
  const hit = offers.find(test);
  if (!hit) throw new Error('no such offer in the simulator inventory');
  return hit;
};

describe('hotelbeds activities: what a ticket booking needs', () => {
  it('reads every page of results', async () => {
    const paged = new HotelbedsActivityAdapter(h.http, h.account('hotelbeds'), { pageSize: 1, maxPages: 10 });
    const before = sent.length;
    const all = await tickets.search(search);
    const onePerPage = await paged.search(search);
    const pages = sent.slice(before).filter((r) => r.operation === 'ticket.search');
    const codes = (offers: TicketOffer[]) => [...new Set(offers.map((o) => o.activity.code))].sort();
    expect(codes(onePerPage.offers)).toEqual(codes(all.offers));
    expect(pages.length).toBe(1 + codes(all.offers).length);
    expect(pages.slice(1).map((r) => JSON.parse(String(r.body)).pagination)).toEqual(
      codes(all.offers).map((_, i) => ({ itemsPerPage: 1, page: i + 1 })),
    );
  });

  it('offers carry sessions, languages, questions, pickup, age bands and content', async () => {
    const { offers } = await tickets.search(search);
    const withSessions = find(offers, (o) => Boolean(o.sessions?.length));
    expect(withSessions.sessions).toEqual([
      { code: '0900', name: '09:00' },
      { code: '1500', name: '15:00' },
    ]);
    expect(find(offers, (o) => Boolean(o.languages?.length)).languages).toContainEqual({ code: 'es', name: 'Español' });
    expect(find(offers, (o) => Boolean(o.questions?.some((q) => q.required))).questions?.[0]).toMatchObject({
      code: 'HOTEL',
      required: true,
    });
    const pickup = find(offers, (o) => Boolean(o.pickupPoints?.length)).pickupPoints?.[0];
    expect(pickup).toMatchObject({ code: 'PK-LOBBY', time: '07:45' });
    expect(pickup?.location?.lat).toBeTypeOf('number');
    expect(offers[0].ageBands?.map((b) => b.paxType)).toEqual(['ADULT', 'CHILD']);
    expect(offers[0].content).toMatchObject({ inclusions: ['Guía local', 'Entradas a los lugares visitados'] });
    expect(offers[0].content?.meetingPoint?.location?.lng).toBeTypeOf('number');
  });

  it('takes the cancellation policy of the chosen day, not of the first operation date', async () => {
    const day = inDays(25);
    const range = await tickets.search({ ...search, from: inDays(20), to: inDays(27) });
    const onDay = await tickets.search({ ...search, from: day, to: inDays(27) });
    const first = range.offers[0];
    const same = find(
      onDay.offers,
      (o) => o.token.value !== first.token.value && o.activity.code === first.activity.code && o.modality.code === first.modality.code,
    );
    expect(first.cancellation.rules[0].from < same.cancellation.rules[0].from).toBe(true);
    expect(same.cancellation.rules[0].from.slice(0, 10) < day).toBe(true);
  });

  it('refuses a booking without a mandatory answer, session or language before calling the supplier', async () => {
    const { offers } = await tickets.search(search);
    const asked = await tickets.quote(find(offers, (o) => Boolean(o.questions?.some((q) => q.required))));
    const choices = choicesFor(asked);
    const before = sent.length;
    const noAnswer = await caught(() => tickets.book({ quote: asked, holder, paxes, clientReference: ref(), ...choices, answers: [] }));
    expect(noAnswer.code).toBe('SUPPLIER_INVALID_REQUEST');
    const timed = await tickets.quote(find(offers, (o) => Boolean(o.sessions?.length)));
    const noSession = await caught(() =>
      tickets.book({ quote: timed, holder, paxes, clientReference: ref(), ...choicesFor(timed), session: undefined }),
    );
    expect(noSession.code).toBe('SUPPLIER_INVALID_REQUEST');
    const badLanguage = await caught(() =>
      tickets.book({ quote: timed, holder, paxes, clientReference: ref(), ...choicesFor(timed), language: 'xx' }),
    );
    expect(badLanguage.code).toBe('SUPPLIER_INVALID_REQUEST');
    expect(sent.slice(before).some((r) => r.operation === 'ticket.book')).toBe(false);
  });

  it('the supplier itself refuses a mandatory question left unanswered', async () => {
    const { offers } = await tickets.search(search);
    const asked = await tickets.quote(find(offers, (o) => Boolean(o.questions?.some((q) => q.required))));
    // A quote that forgot its questions (an old client) gets past our check, not past the supplier's.
    const forgetful = { ...asked, questions: [] };
    const err = await caught(() => tickets.book({ quote: forgetful, holder, paxes, clientReference: ref(), ...choicesFor(forgetful) }));
    expect(err.code).toMatch(/^SUPPLIER_(INVALID_REQUEST|REJECTED)$/);
  });

  it('sends answers, session, language and ADULT/CHILDREN paxes; keeps what the booking returns', async () => {
    const { offers } = await tickets.search(search);
    const timed = await tickets.quote(find(offers, (o) => Boolean(o.sessions?.length && o.languages?.length)));
    const before = sent.length;
    const booking = await tickets.book({ quote: timed, holder, paxes, clientReference: ref(), ...choicesFor(timed) });
    const call = sent.slice(before).find((r) => r.operation === 'ticket.book');
    const act = JSON.parse(String(call?.body)).activities[0];
    expect(act.paxes.map((p: { type: string }) => p.type)).toEqual(['ADULT', 'ADULT', 'CHILDREN']);
    expect(act).toMatchObject({ session: '0900', serviceLanguage: 'es' });
    expect(booking).toMatchObject({
      status: 'confirmed',
      session: { code: '0900', name: '09:00' },
      language: { code: 'es', name: 'Español' },
      modality: { code: timed.offer.modality.code },
    });
    expect(booking.paxes?.map((p) => p.type)).toEqual(['ADULT', 'ADULT', 'CHILDREN']);
    expect(booking.supplierContact?.name).toBeTruthy();
    expect((await tickets.read(booking.ref)).session?.code).toBe('0900');
  });

  it("keeps the provider's voucher URLs, and the document is there", async () => {
    const { offers } = await tickets.search(search);
    const quote = await tickets.quote(find(offers, (o) => o.activity.code.endsWith('0004')));
    const booking = await tickets.book({ quote, holder, paxes, clientReference: ref(), ...choicesFor(quote) });
    const pdf = booking.supplierVouchers?.find((v) => v.mimeType === 'application/pdf');
    expect(pdf?.url).toMatch(/\.pdf$/);
    const res = await fetch(pdf?.url ?? '');
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect((await res.text()).startsWith('%PDF-')).toBe(true);
    expect((await tickets.read(booking.ref)).supplierVouchers).toEqual(booking.supplierVouchers);
    const plain = await tickets.quote(find(offers, (o) => o.activity.code.endsWith('0001')));
    const other = await tickets.book({ quote: plain, holder, paxes, clientReference: ref(), ...choicesFor(plain) });
    expect(other.supplierVouchers).toEqual([]);
  });
});
