import { DEFAULT_TIME_ZONE, describePolicy, type TicketProductDto } from '@travesia/contracts';
import type { TicketProductRow } from '../../db/schema/index.js';
import { bandsOf, sessionLanguages } from './ticket-rules.js';

/** An own ticket as the loader reads it: its bands (also for rows written without any), languages per session and zone. */
export const toTicketDto = (t: TicketProductRow, placeName?: string, timeZone?: string | null): TicketProductDto => ({
  _id: t.id,
  name: t.name,
  placeId: t.placeId,
  placeName,
  description: t.description,
  images: t.images,
  currency: t.currency,
  price: t.price,
  fullPrice: t.fullPrice,
  childPrice: t.childPrice,
  maxPeople: t.maxPeople,
  minPeople: t.minPeople,
  startHour: t.startHour,
  endHour: t.endHour,
  sessions: t.sessions,
  sessionLanguages: Object.fromEntries((t.sessions.length ? t.sessions : ['']).map((s) => [s, sessionLanguages(t, s)])),
  languages: t.languages,
  cutoffMinutes: t.cutoffMinutes,
  ageBands: bandsOf(t),
  timeZone: timeZone ?? DEFAULT_TIME_ZONE,
  childrenAllowed: t.childrenAllowed,
  policy: t.policy,
  policyText: describePolicy(t.policy, t.currency),
  active: t.active,
});
