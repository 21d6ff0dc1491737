import dayjs from 'dayjs';
import type { SearchValues } from './components/search-form';

/**
 * "Agregar traslado" from a confirmed hotel voucher (issue 18 item 7): what the voucher page puts in
 * the transfer search's query string — the hotel (name and the supplier's code), its city, the stay's
 * dates and guests — and the search form's values it prefills: from the city's airport to the hotel on
 * the check-in day, back on the check-out day.
 */
export interface HotelStay {
  hotel: string;
  hotelCode?: string;
  city: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  childrenAges: number[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The stay in a query string, or null when it does not carry one (a plain visit to the search). */
export function stayFromQuery(q: URLSearchParams): HotelStay | null {
  const hotel = q.get('hotel')?.trim();
  const city = q.get('city')?.trim();
  const checkIn = q.get('checkIn') ?? '';
  const checkOut = q.get('checkOut') ?? '';
  if (!hotel || !city || !DAY.test(checkIn) || !DAY.test(checkOut)) return null;
  const adults = Math.min(30, Math.max(1, Number.parseInt(q.get('adults') ?? '', 10) || 2));
  const childrenAges = (q.get('children') ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number)
    .filter((a) => Number.isInteger(a) && a >= 0 && a <= 12)
    .slice(0, 10);
  const hotelCode = q.get('hotelCode')?.trim() || undefined;
  return { hotel, city, checkIn, checkOut, adults, childrenAges, ...(hotelCode ? { hotelCode } : {}) };
}

/** The form's values: airport → hotel on the check-in day (flight arrival 12:00), back on the check-out day (departure 15:00). */
export function prefillFromStay(
  s: HotelStay,
  airport: { code: string; placeId: string } | null,
  cityPlaceId: string | null,
): Partial<SearchValues> {
  const past = dayjs(s.checkIn).isBefore(dayjs(), 'day');
  return {
    from: { type: 'airport', code: airport?.code ?? '', placeId: airport?.placeId ?? null },
    to: { type: 'hotel', code: s.hotelCode ?? '', name: s.hotel, placeId: cityPlaceId },
    trip: 'round-trip',
    outboundDate: past ? dayjs().add(1, 'day') : dayjs(s.checkIn),
    outboundTime: dayjs('12:00', 'HH:mm'),
    returnDate: dayjs(s.checkOut),
    returnTime: dayjs('15:00', 'HH:mm'),
    adults: s.adults,
    childrenAges: s.childrenAges,
  };
}
