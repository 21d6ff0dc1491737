import { describe, expect, it } from 'vitest';
import { invalid } from '../adapter-kit.js';
import type { TicketBookInput } from '../types.js';
import type { XNode } from '../xml.js';
import { bookingPaxes, serviceBookingInfo } from './ticket-booking.js';
import { mapServiceAvail, serviceRequirements } from './ticket-mappers.js';

const price = { Price: { '@Type': 'S', '@Currency': 'EUR', TotalFixAmounts: { '@Nett': '40.00', '@Gross': '44.00' } } };
const rs = (dates: XNode[]): XNode => ({
  Results: {
    ServiceResult: [
      {
        '@Code': 'S1',
        '@DestinationZone': '15011',
        '@Status': 'RQ',
        ServiceInfo: { Name: 'Tour', Images: { Image: 'https://x.test/a.jpg' } },
        ServiceOptions: { ServiceOption: [{ '@Code': 'O1', Name: 'Option', Dates: { Date: dates } }] },
      },
    ],
  },
});
const ctx = { accountId: 'a', from: '2030-06-15', to: '2030-06-15', paxAges: [30], currency: 'EUR' };
const fail = (d: string) => invalid('juniper', 'ticket.book', d);

describe('juniper ticket mapping rules', () => {
  it('a whole-day date has no sessions; other days and unpriced dates are not offered', () => {
    const whole = mapServiceAvail(rs([{ '@Start': '2030-06-15T00:00:00', '@RatePlanCode': 'R1', Prices: price }]), ctx);
    expect(whole.offers[0]).toMatchObject({
      sessions: [],
      availability: 'on-request',
      token: { value: 'R1' },
      images: ['https://x.test/a.jpg'],
    });
    const otherDay = mapServiceAvail(rs([{ '@Start': '2030-06-16T09:00:00', '@RatePlanCode': 'R2', Prices: price }]), ctx);
    expect(otherDay.offers).toEqual([]);
    expect(otherDay.dropped).toHaveLength(1);
    expect(mapServiceAvail(rs([{ '@Start': '2030-06-15T09:00:00', '@RatePlanCode': 'R3' }]), ctx).dropped).toHaveLength(1);
  });

  it('required fields: holder contact and address per IdPax, the pickup hotel and flight as questions', () => {
    const req = serviceRequirements({
      ServiceRequiredFields: {
        ServiceBooking: {
          Paxes: {
            Pax: [
              { '@IdPax': '1', Name: 'x', PhoneNumbers: '', Address: '' },
              { '@IdPax': '2', Age: '' },
            ],
          },
          Elements: { ServiceElement: { ServiceBookingInfo: { HotelService: { Name: '' }, FlightInfoOrigin: { Value: '' } } } },
        },
      },
    });
    expect(req.paxFields).toEqual({ 1: ['Name', 'PhoneNumbers', 'Address'], 2: ['Age'] });
    expect(req.questions.map((q) => q.code)).toEqual(['HotelService', 'FlightInfoOrigin']);
    const offer = mapServiceAvail(rs([{ '@Start': '2030-06-15T00:00:00', '@RatePlanCode': 'R1', Prices: price }]), ctx).offers[0];
    const input: TicketBookInput = {
      quote: {
        offer,
        total: offer.total,
        priceChanged: false,
        previousTotal: offer.total,
        cancellation: offer.cancellation,
        token: { kind: 'BookingCode', value: 'B', expiresAt: null },
        remarks: [],
        questions: req.questions,
        supplierData: { paxFields: req.paxFields },
      },
      holder: { name: 'Ana', surname: 'Pérez', phone: '+573001112233' },
      paxes: [{ name: 'Ana', surname: 'Pérez', type: 'adult', age: 30 }],
      clientReference: 'TV1',
    };
    expect(() => bookingPaxes(input, 'CO', fail)).toThrow();
    const withAddress = { ...input, holder: { ...input.holder, address: { line: 'Calle 1' } } };
    expect(bookingPaxes(withAddress, 'CO', fail)[0]).toMatchObject({
      Address: 'Calle 1',
      PhoneNumbers: { PhoneNumber: '+573001112233' },
      Age: '30',
    });
    expect(() => serviceBookingInfo({ ...input, answers: [{ code: 'HotelService', answer: 'Caribe' }] }, fail)).toThrow();
    expect(
      serviceBookingInfo(
        {
          ...input,
          answers: [
            { code: 'HotelService', answer: 'Caribe' },
            { code: 'FlightInfoOrigin', answer: 'AV123 10:30' },
          ],
        },
        fail,
      ),
    ).toEqual({ HotelService: { Name: 'Caribe' }, FlightInfoOrigin: { Value: 'AV123 10:30' } });
  });
});
