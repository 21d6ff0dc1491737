import type { SupplierError } from '../errors.js';
import type { TicketBookInput } from '../types.js';
import type { XNode } from '../xml.js';

/**
 * The ServiceBooking request's parts built from our booking input and the rules' required fields
 * (ServiceRequiredFields mirrors the request: docs/decisions/0216). Missing required data is refused
 * here, before the supplier is called.
 */

type Invalid = (detail: string) => SupplierError;

/** Paxes numbered from 1 in the order of the searched ages; pax 1 carries the holder's contact data. */
export function bookingPaxes(input: TicketBookInput, nationality: string, invalid: Invalid): XNode[] {
  const required = (input.quote.supplierData?.paxFields ?? {}) as Record<string, string[]>;
  const missing: string[] = [];
  const paxes = input.paxes.map((p, i) => {
    const id = i + 1;
    const wants = new Set(required[String(id)] ?? []);
    const address = id === 1 ? input.holder.address : undefined;
    const parts: Record<string, string | undefined> = {
      Address: address?.line?.trim(),
      City: address?.city?.trim(),
      Country: address?.country?.trim(),
      PostalCode: address?.postalCode?.trim(),
    };
    for (const f of Object.keys(parts)) if (wants.has(f) && !parts[f]) missing.push(`${id}:${f}`);
    if (wants.has('PhoneNumbers') && !(id === 1 && input.holder.phone)) missing.push(`${id}:PhoneNumbers`);
    if (wants.has('Email') && !(id === 1 && input.holder.email)) missing.push(`${id}:Email`);
    const age = p.age ?? input.quote.offer.paxAges[i];
    return {
      '@IdPax': String(id),
      ...(p.title ? { Title: p.title } : {}),
      Name: p.name,
      Surname: p.surname,
      Age: String(age),
      ...(id === 1 && input.holder.email ? { Email: input.holder.email } : {}),
      ...(id === 1 && input.holder.phone ? { PhoneNumbers: { PhoneNumber: input.holder.phone } } : {}),
      ...Object.fromEntries(Object.entries(parts).filter(([, v]) => v)),
      Nationality: id === 1 ? (input.holder.nationality ?? nationality) : (p.nationality ?? nationality),
    };
  });
  if (missing.length) throw invalid(`ServiceRequiredFields missing: ${missing.join(', ')}`);
  return paxes;
}

/**
 * ServiceBookingInfo from the answers to the rules' questions (HotelService, FlightInfoOrigin) and the
 * chosen meeting point. Null when there is nothing to send.
 */
export function serviceBookingInfo(input: TicketBookInput, invalid: Invalid): XNode | null {
  const questions = input.quote.questions ?? [];
  const answers = new Map((input.answers ?? []).filter((a) => a.answer.trim()).map((a) => [a.code, a.answer.trim()]));
  for (const code of answers.keys()) if (!questions.some((q) => q.code === code)) throw invalid(`unknown question ${code}`);
  const missing = questions.find((q) => q.required && !answers.has(q.code));
  if (missing) throw invalid(`answer required: ${missing.code}`);
  const points = input.quote.pickupPoints ?? [];
  const point = input.pickupPoint ? points.find((p) => p.code === input.pickupPoint) : undefined;
  if (input.pickupPoint && !point) throw invalid(`unknown pickup point ${input.pickupPoint}`);
  const info: XNode = {
    ...(point
      ? {
          MeetingPointInfo: {
            '@Code': point.code,
            '@MeetingTime': `${input.quote.offer.from}T${point.time ?? '00:00'}:00`,
            Name: point.name,
            ...(point.address ? { Address: point.address } : {}),
          },
        }
      : {}),
    ...(answers.has('HotelService') ? { HotelService: { Name: answers.get('HotelService') } } : {}),
    ...(answers.has('FlightInfoOrigin') ? { FlightInfoOrigin: { Value: answers.get('FlightInfoOrigin') } } : {}),
  };
  return Object.keys(info).length ? info : null;
}
