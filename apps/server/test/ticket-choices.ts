import type { TicketQuote } from '../src/suppliers/types.js';

/** The first session and language a quote offers and an answer to each of its questions, as a booking form would send. */
export function choicesFor(quote: TicketQuote) {
  return {
    ...(quote.sessions?.length ? { session: quote.sessions[0].code } : {}),
    ...(quote.languages?.length ? { language: quote.languages[0].code } : {}),
    answers: (quote.questions ?? []).map((q) => ({ code: q.code, answer: `Respuesta ${q.code}` })),
  };
}
