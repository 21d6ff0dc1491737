import { TICKET_BOOKING_MESSAGES as M, PROVIDER_CATALOGUE, type TicketReserveBody, type TicketSection } from '@travesia/contracts';
import { AppError, badRequest } from '../../../http/errors.js';
import type { TicketOffer, TicketQuote, Traveller } from '../../../suppliers/index.js';
import type { FlowReservation, StoredQuote } from '../flow.js';
import { assertAcceptedPrice } from '../flow-service.js';
import { assertRequiredHolderFields, supplierHolder } from '../holder.js';
import { voucherTerms } from '../voucher-money.js';
import { hoursOf } from './cache.js';
import { paxAgesOf, type SearchedPlace, type TicketCriteria } from './search.js';

/** What is kept under a quoteId between the quote and the reserve. */
export type CachedTicketQuote = StoredQuote<TicketCriteria, TicketOffer, TicketQuote, { place: SearchedPlace }>;
type Choice = ReturnType<typeof assertChoices>;

/** A ticket reserve: the accepted price, every check against the quote, the voucher, the adapter's booking input. */
export function ticketReservation(q: CachedTicketQuote, body: TicketReserveBody, now: Date): FlowReservation<'ticket'> {
  assertAcceptedPrice(body.price, { gross: q.breakdown.price, currency: q.breakdown.currency });
  const { choice, paxes } = checkTicketReserve(q, body, now);
  const holder = supplierHolder(body.client);
  return {
    voucher: ticketVoucher(q, body, choice),
    book: (clientReference) => ({ quote: q.quote, holder, paxes, clientReference, ...choice, remarks: body.comments }),
  };
}

/**
 * Every check of a ticket reserve against its quote, before anything is recorded: the choices, the holder
 * fields the supplier requires, one traveller per searched participant in the quoted age bands. A storefront
 * runs them at checkout too, so a traveller never pays for a booking the engine would refuse (decision 0530).
 */
export function checkTicketReserve(q: CachedTicketQuote, body: TicketReserveBody, now: Date) {
  const choice = assertChoices(q.quote, body, now);
  assertRequiredHolderFields(q.quote.requiredHolderFields, body.client);
  const paxes = participantsOf(q.criteria, body);
  assertBands(q.quote, paxAgesOf(q.criteria), paxes);
  return { choice, paxes };
}

/**
 * The session, language, pickup and answers the quote asks for, checked before anything is recorded (400s
 * in Spanish); a session (or a rate without sessions) whose cut-off has passed at `now` is a 409.
 */
function assertChoices(quote: TicketQuote, body: TicketReserveBody, now: Date) {
  const sessions = quote.sessions ?? [];
  if (sessions.length && !body.session) throw badRequest(M.sessionRequired, { session: M.sessionRequired });
  const session = sessions.find((s) => s.code === body.session);
  if (body.session && !session) throw badRequest(M.sessionUnknown, { session: M.sessionUnknown });
  const until = session ? session.bookableUntil : quote.bookableUntil;
  if (until && Date.parse(until) <= now.getTime()) {
    const msg = M.cutoffPassed(session ? `la sesión de las ${session.name}` : 'esta actividad');
    throw new AppError(409, 'TICKET_CUTOFF_PASSED', msg, { session: msg });
  }
  // A session that lists its own languages offers only those (own tickets, decision 0450).
  const languages = session?.languages
    ? (quote.languages ?? []).filter((l) => session.languages?.includes(l.code))
    : (quote.languages ?? []);
  if (languages.length && !body.language) throw badRequest(M.languageRequired, { language: M.languageRequired });
  if (body.language && !languages.some((l) => l.code === body.language)) {
    const known = (quote.languages ?? []).find((l) => l.code === body.language);
    const msg = known && session ? M.languageNotInSession(known.name, session.name) : M.languageUnknown;
    throw badRequest(msg, { language: msg });
  }
  if (body.pickupPoint && !(quote.pickupPoints ?? []).some((p) => p.code === body.pickupPoint))
    throw badRequest(M.pickupUnknown, { pickupPoint: M.pickupUnknown });
  const answers = (body.answers ?? []).filter((a) => a.answer.trim());
  const missing = (quote.questions ?? []).find((x) => x.required && !answers.some((a) => a.code === x.code));
  if (missing) throw badRequest(M.answerRequired(missing.text), { [`answers.${missing.code}`]: M.answerRequired(missing.text) });
  return {
    session: body.session,
    language: body.language,
    pickupPoint: body.pickupPoint,
    answers: answers.map((a) => ({ code: a.code, answer: a.answer.trim() })),
  };
}

/** One traveller per searched participant (adults first, then children in the searched order). */
function participantsOf(c: TicketCriteria, body: TicketReserveBody): Traveller[] {
  const ages = paxAgesOf(c);
  if (body.companions.length !== ages.length) throw badRequest(M.participantsMismatch, { companions: M.participantsMismatch });
  return body.companions.map((p, i) => {
    const child = i >= c.paxes.adults;
    const age = child ? ages[i] : (p.age ?? ages[i]);
    return { name: p.name, surname: p.surname, age, type: child ? (age < 2 ? 'infant' : 'child') : 'adult' };
  });
}

/**
 * When the quote's bands bind (own tickets, decision 0450), every participant's age must fall in a band,
 * the same band as the age the quote priced (an adult who gives 70 where a senior band is cheaper, or 15
 * where the adults' band starts at 18, changes the price): a 400 in Spanish before anything is recorded.
 */
function assertBands(quote: TicketQuote, quotedAges: number[], paxes: Traveller[]) {
  const bands = quote.ageBands ?? [];
  if (!quote.bandsBind || !bands.length) return;
  const bandOf = (age: number) => bands.find((b) => age >= b.ageFrom && age <= b.ageTo);
  paxes.forEach((p, i) => {
    const age = p.age ?? quotedAges[i];
    const band = bandOf(age);
    if (!band) {
      const msg = M.ageOutsideBands(age, bands.map((b) => `${b.paxType} ${b.ageFrom}–${b.ageTo}`).join(', '));
      throw badRequest(msg, { [`companions.${i}.age`]: msg });
    }
    if (band !== bandOf(quotedAges[i])) {
      const msg = M.ageBandChanged(`${p.name} ${p.surname}`.trim());
      throw badRequest(msg, { [`companions.${i}.age`]: msg });
    }
  });
}

const pick = <T extends { code: string }>(list: T[] | undefined, code: string | undefined) => list?.find((x) => x.code === code) ?? null;

/** The voucher of a ticket booking as recorded before the provider is called. */
function ticketVoucher(q: CachedTicketQuote, body: TicketReserveBody, choice: Choice) {
  const { quote, breakdown: b } = q;
  return {
    type: 'ticket' as const,
    start: quote.offer.from,
    end: quote.offer.to,
    nights: 0,
    client: { ...body.client, name: body.client.name.trim() },
    companions: body.companions.map((p) => ({ ...p })),
    ...voucherTerms([{ breakdown: b, cost: quote.total, cancellation: quote.cancellation }]),
    payments: (body.payments ?? {}) as Record<string, unknown>,
    remarks: body.comments ?? null,
    product: {
      name: quote.offer.activity.name,
      destination: q.place.name,
      modality: quote.offer.modality.name,
      supplier: PROVIDER_CATALOGUE[quote.offer.supplier].shortLabel,
      session: pick(quote.sessions, choice.session)?.name ?? null,
      language: pick(quote.languages, choice.language)?.name ?? null,
      pickupPoint: pick(quote.pickupPoints, choice.pickupPoint),
      meetingPoint: quote.content?.meetingPoint ?? null,
      durationHours: hoursOf(quote.offer),
      participants: { adults: q.criteria.paxes.adults, children: q.criteria.paxes.children },
      nationality: q.criteria.countryCode.toUpperCase(),
      description: quote.content?.description?.slice(0, 2000),
      importantInfo: quote.content?.importantInfo ?? [],
      answers: choice.answers,
      breakdown: b,
      comments: body.comments,
      section: ticketSection(q, body, choice),
    },
  };
}

/** The voucher's ticket section (contracts `voucher-sections.ts`): what the detail page and the PDF show. */
function ticketSection(q: CachedTicketQuote, body: TicketReserveBody, choice: Choice): TicketSection {
  const { quote } = q;
  const meeting = quote.content?.meetingPoint;
  const pickup = pick(quote.pickupPoints, choice.pickupPoint);
  const meetingPoint = pickup
    ? { description: [pickup.name, pickup.time].filter(Boolean).join(' · ').slice(0, 1000), address: pickup.address?.slice(0, 300) }
    : meeting
      ? {
          description: meeting.description?.slice(0, 1000),
          address: meeting.address?.slice(0, 300),
          coordinates: meeting.location ? `${meeting.location.lat},${meeting.location.lng}` : undefined,
        }
      : undefined;
  const { adults, children } = q.criteria.paxes;
  return {
    kind: 'ticket',
    activity: quote.offer.activity.name.slice(0, 300),
    modality: quote.offer.modality.name !== quote.offer.activity.name ? quote.offer.modality.name.slice(0, 300) : undefined,
    destination: q.place.name.slice(0, 200),
    date: quote.offer.from,
    session: pick(quote.sessions, choice.session)?.name.slice(0, 60),
    language: pick(quote.languages, choice.language)?.name.slice(0, 60),
    meetingPoint,
    participants: {
      adults,
      children: children.length,
      ...(children.length ? { childrenAges: children } : {}),
      names: body.companions.map((p) => `${p.name} ${p.surname}`.trim().slice(0, 200)),
    },
  };
}
