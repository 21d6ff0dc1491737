import { randomUUID } from 'node:crypto';
import type { Payload } from '../core/sim.js';

/** TourVisio's `{header, body}` envelope and the state the simulator keeps between calls. */

export const TOKEN_TTL = 60 * 60_000;
export const SEARCH_TTL = 30 * 60_000;
export const TRANSACTION_TTL = 20 * 60_000;

export type X = Record<string, unknown>;

/** enumarations.md "Message Types": 1 Error, 2 Success, 3 Information, 4 Warning. */
export interface Message {
  id?: number;
  code: string;
  message: string;
  messageType: number;
}

const SUCCESS: Message = { id: 10000000, code: 'OperationCompleted', messageType: 2, message: 'Operation was completed successfully' };

function envelope(body: unknown, ok: boolean, messages: Message[]): string {
  return JSON.stringify({
    header: {
      requestId: randomUUID(),
      success: ok,
      responseTime: new Date().toISOString(),
      // As documented (booking.md samples): id 10000000, code OperationCompleted, messageType 2.
      messages: messages.map((m, i) => ({ id: m.id ?? i + 1, ...m })),
    },
    body: ok ? body : undefined,
  });
}

export const ok = (body: unknown, warnings: Message[] = []): Payload => ({
  status: 200,
  contentType: 'application/json',
  body: envelope(body, true, [...warnings, SUCCESS]),
});
export const bad = (code: string, message: string, status = 200): Payload => ({
  status,
  contentType: 'application/json',
  body: envelope(null, false, [{ code, message, messageType: 1 }]),
});

/** What an offer id carries (signed, opaque to the client). */
export interface OfferToken extends Record<string, unknown> {
  f: string;
  from: string;
  to: string;
  day: string;
  route: number;
  /** Fare (with taxes) of this leg for every passenger, cents. */
  cents: number;
  pkg: boolean;
  cabin: 'economy' | 'business';
  pax: { adt: number; chd: number; inf: number };
  /** Children's and infants' ages as searched. */
  ages?: number[];
  /** Service fee key and cents (one way / round trip), as the offer's `fees`. */
  feeKey: string;
  feeOneWay: number;
  feeRoundTrip: number;
}

export interface Reservation {
  number: string;
  agencyReservationNumber: string;
  status: number;
  confirmation: number;
  offers: OfferToken[];
  travellers: X[];
  totalCents: number;
  note: string;
  created: string;
  pnr: string;
  /** Ticket number per travellerId, once confirmed. */
  tickets: Record<string, string>;
}

export interface Transaction {
  exp: number;
  offers: OfferToken[];
  cents: number;
  travellers: X[];
  info?: X;
  sc: string;
}
