import { describe, expect, it } from 'vitest';
import { NON_REFUNDABLE } from '../policies.js';
import type { TicketBookInput, TicketQuote } from '../types.js';
import { confirmChoices, paxTypeOf } from './activity-adapter.js';
import { activityCategoryOf, contentOf, mapActivities, mapActivityBooking, operationDateFor } from './activity-mappers.js';

const ctx = { accountId: 'acc', from: '2030-06-15', to: '2030-06-15', paxAges: [30] };
const activity = (rateDetail: Record<string, unknown>, modality: Record<string, unknown> = {}) => ({
  activities: [
    {
      code: 'A1',
      name: 'Tour',
      currency: 'EUR',
      modalities: [
        { code: 'M1', name: 'Std', rates: [{ rateDetails: [{ rateKey: 'K1', totalAmount: { amount: 50 }, ...rateDetail }] }], ...modality },
      ],
    },
  ],
});
const quote = (over: Partial<TicketQuote> = {}): TicketQuote => {
  const offer = mapActivities(activity({}), ctx).offers[0];
  return {
    offer,
    total: offer.total,
    priceChanged: false,
    previousTotal: offer.total,
    cancellation: NON_REFUNDABLE,
    token: offer.token,
    remarks: [],
    ...over,
  };
};
const input = (q: TicketQuote, over: Partial<TicketBookInput> = {}): TicketBookInput => ({
  quote: q,
  holder: { name: 'Ana', surname: 'Pérez' },
  paxes: [{ name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 }],
  clientReference: 'TV1',
  ...over,
});

describe('hotelbeds activity mapping rules', () => {
  it('the operation date holding the day, else the first', () => {
    const dates = [
      { from: '2030-06-14', to: '2030-06-14' },
      { from: '2030-06-15T00:00:00', to: '2030-06-16' },
    ];
    expect(operationDateFor(dates, '2030-06-16')).toBe(dates[1]);
    expect(operationDateFor(dates, '2030-07-01')).toBe(dates[0]);
    expect(operationDateFor(undefined, '2030-07-01')).toBeUndefined();
  });

  it('malformed optional parts never drop an offer; a missing rateKey does', () => {
    const { offers, dropped } = mapActivities(
      activity({ sessions: 'nope', languages: [{ code: '' }, { code: 'es' }], pickup: 7 }, { questions: {} }),
      ctx,
    );
    expect(dropped).toEqual([]);
    expect(offers[0]).toMatchObject({ sessions: [], languages: [{ code: 'es', name: 'es' }], pickupPoints: [], questions: [] });
    expect(mapActivities(activity({ rateKey: '' }), ctx).dropped).toHaveLength(1);
    expect(contentOf({ description: 5, featureGroups: 'x' })).toEqual({ inclusions: [], exclusions: [], importantInfo: [] });
  });

  it('the category is the first segment of the content segmentation group 1; none without it', () => {
    const content = {
      segmentationGroups: [
        { code: 2, name: 'Duración', segments: [{ code: 1, name: 'Medio día' }] },
        {
          code: 1,
          name: 'Categorías',
          segments: [
            { code: 3, name: 'Museos' },
            { code: 9, name: 'Visitas guiadas' },
          ],
        },
      ],
    };
    expect(activityCategoryOf(content)).toBe('Museos');
    expect(activityCategoryOf({ segmentationGroups: [{ name: 'Categories', segments: [{ name: 'Tours' }] }] })).toBe('Tours');
    expect(activityCategoryOf({ segmentationGroups: 'x' })).toBeNull();
    expect(activityCategoryOf(undefined)).toBeNull();
    const withContent = activity({});
    Object.assign(withContent.activities[0], { content });
    expect(mapActivities(withContent, ctx).offers[0].supplierData.category).toBe('Museos');
    expect(mapActivities(activity({}), ctx).offers[0].supplierData.category).toBeUndefined();
  });

  it('pax types by the ADULT band, then by traveller type without an age', () => {
    const q = quote({ ageBands: [{ paxType: 'ADULT', ageFrom: 18, ageTo: 99, amount: { amount: '10.00', currency: 'EUR' } }] });
    expect(paxTypeOf(17, q, 'adult')).toBe('CHILDREN');
    expect(paxTypeOf(18, q, 'child')).toBe('ADULT');
    expect(paxTypeOf(12, quote(), 'child')).toBe('ADULT');
    expect(paxTypeOf(undefined, quote(), 'infant')).toBe('CHILDREN');
  });

  it('choices: required answers, offered sessions and languages only', () => {
    const q = quote({
      sessions: [{ code: 'S1', name: '09:00' }],
      languages: [{ code: 'es', name: 'Spanish' }],
      questions: [
        { code: 'HOTEL', text: 'Hotel?', required: true },
        { code: 'MAIL', text: 'Mail?', required: false },
      ],
    });
    const ok = confirmChoices(
      input(q, {
        session: 'S1',
        language: 'es',
        answers: [
          { code: 'HOTEL', answer: ' Caribe ' },
          { code: 'MAIL', answer: ' ' },
        ],
      }),
      'op',
    );
    expect(ok).toEqual({ session: 'S1', serviceLanguage: 'es', answers: [{ question: { code: 'HOTEL' }, answer: 'Caribe' }] });
    expect(() => confirmChoices(input(q, { session: 'S1', language: 'es', answers: [{ code: 'HOTEL', answer: '  ' }] }), 'op')).toThrow();
    expect(() => confirmChoices(input(q, { session: 'S2', language: 'es', answers: [{ code: 'HOTEL', answer: 'x' }] }), 'op')).toThrow();
    expect(() => confirmChoices(input(quote(), { language: 'es' }), 'op')).toThrow();
    expect(() => confirmChoices(input(quote(), { answers: [{ code: 'X', answer: 'y' }] }), 'op')).toThrow();
    expect(confirmChoices(input(quote()), 'op')).toEqual({ answers: [] });
  });

  it('a booking without vouchers has an empty list; a voucher without a valid URL is ignored', () => {
    const b = mapActivityBooking({
      booking: {
        reference: 'R1',
        status: 'CONFIRMED',
        currency: 'EUR',
        total: 10,
        activities: [
          { code: 'A1', name: 'Tour', vouchers: [{ url: 'not a url' }, { url: 'https://x.test/v.pdf', mimeType: 'application/pdf' }] },
        ],
      },
    });
    expect(b.supplierVouchers).toEqual([{ url: 'https://x.test/v.pdf', mimeType: 'application/pdf' }]);
    expect(b.session).toBeNull();
  });
});
