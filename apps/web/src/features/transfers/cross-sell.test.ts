import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { prefillFromStay, stayFromQuery } from './cross-sell';

describe('transfer cross-sell from a hotel voucher', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('reads the stay the voucher page puts in the query string', () => {
    expect(
      stayFromQuery(
        q('hotel=Hotel+Caribe&city=Cartagena+de+Indias&checkIn=2030-03-10&checkOut=2030-03-14&adults=2&children=8,15&hotelCode=100000'),
      ),
    ).toEqual({
      hotel: 'Hotel Caribe',
      city: 'Cartagena de Indias',
      checkIn: '2030-03-10',
      checkOut: '2030-03-14',
      adults: 2,
      // 15 is not a transfer child (0–12): left out.
      childrenAges: [8],
      hotelCode: '100000',
    });
  });

  it('is no stay without hotel, city and both dates', () => {
    expect(stayFromQuery(q(''))).toBeNull();
    expect(stayFromQuery(q('hotel=X&city=Y&checkIn=2030-03-10'))).toBeNull();
    expect(stayFromQuery(q('hotel=X&city=Y&checkIn=10-03-2030&checkOut=2030-03-14'))).toBeNull();
  });

  it('prefills airport → hotel on the check-in day and back on the check-out day', () => {
    const stay = stayFromQuery(q('hotel=Hotel+Caribe&city=Cartagena&checkIn=2030-03-10&checkOut=2030-03-14&adults=3&hotelCode=100000'));
    if (!stay) throw new Error('no stay');
    const v = prefillFromStay(stay, { code: 'CTG', placeId: 'air-1' }, 'ctg-1');
    expect(v.from).toEqual({ type: 'airport', code: 'CTG', placeId: 'air-1' });
    expect(v.to).toEqual({ type: 'hotel', code: '100000', name: 'Hotel Caribe', placeId: 'ctg-1' });
    expect(v.trip).toBe('round-trip');
    expect(v.outboundDate?.format('YYYY-MM-DD')).toBe('2030-03-10');
    expect(v.returnDate?.format('YYYY-MM-DD')).toBe('2030-03-14');
    expect(v.adults).toBe(3);
  });

  it('a stay that already began starts the outbound tomorrow', () => {
    const stay = stayFromQuery(q('hotel=H&city=C&checkIn=2020-01-01&checkOut=2099-01-05'));
    if (!stay) throw new Error('no stay');
    expect(prefillFromStay(stay, null, null).outboundDate?.isAfter(dayjs(), 'day')).toBe(true);
  });
});
