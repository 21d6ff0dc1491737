/** What a hotel quote answers that a reserve needs. */
export interface QuoteForReserve {
  quoteId: string;
  price: { amount: string; currency: string };
}

/**
 * The body of `POST /api/voucher` for a quoted hotel option, as the reserve page sends it: a holder and
 * one room of two adults, at the quoted price. `client` adds to the holder; `over` replaces fields.
 */
export function hotelReserveBody(
  quote: QuoteForReserve,
  integrator: string,
  opts: { client?: Record<string, unknown>; surnames?: [string, string]; over?: Record<string, unknown> } = {},
) {
  const [first, second] = opts.surnames ?? ['Gómez', 'Gómez'];
  return {
    type: 'hotel',
    integrator,
    status: 'confirmed',
    client: { name: 'Laura', surname: first, email: 'laura@example.com', ...opts.client },
    companions: [
      [
        { name: 'Laura', surname: first },
        { name: 'Pedro', surname: second },
      ],
    ],
    price: { gross: quote.price.amount, currency: quote.price.currency },
    payments: {},
    bookingCodes: { quoteId: quote.quoteId },
    ...opts.over,
  };
}

/** The avail route of a supplier's hotel searcher (Hotelbeds has its own; the others share new-avail). */
export const hotelSearchUrl = (integrator: string) => (integrator === 'hotelbeds' ? '/api/hotel/hotelbeds/avail' : '/api/search/new-avail');

/** A search body for one room of two adults from Colombia, `start`–`end` as `yyyy-MM-dd`. */
export const hotelSearchBody = (providerId: string, destination: string, start: string, end: string) => ({
  provider_id: providerId,
  destination,
  countryCode: 'CO',
  start,
  end,
  paxes: [{ adults: 2, children: [] }],
});
