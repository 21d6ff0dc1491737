import Decimal from 'decimal.js';
import type { ResolvedProviderAccount } from '../account.js';
import { guarded, invalid } from '../adapter-kit.js';
import { connectionCheck } from '../connection-check.js';
import { SupplierError } from '../errors.js';
import type { SupplierHttp } from '../http/supplier-http.js';
import { money, sameMoney } from '../money.js';
import { reportDropped, screenPrices, sortByTotal } from '../offer-screen.js';
import type {
  CallContext,
  CancelResult,
  ConnectionTestResult,
  HotelBookInput,
  HotelBooking,
  HotelOffer,
  HotelQuote,
  HotelSearchInput,
  HotelSupplier,
  SearchResult,
  SupplierBookingRef,
} from '../types.js';
import { nodes, textOf, type XNode } from '../xml.js';
import { RestelClient } from './client.js';
import {
  mapAvailability,
  mapBooking,
  mapObservations,
  mapPolicy,
  nightsPriced,
  paxGroups,
  penaltyNow,
  readLin,
  toRestelDate,
} from './mappers.js';

const S = 'restel' as const;
/** Spec §9: up to 3 rooms, language code 1, category 0. */
export const RESTEL_MAX_ROOMS = 3;
const LANGUAGE = '1';

/**
 * Restel hotels: 110 availability → (re-110 + 144 policy) quote → 202 pre-booking + 3 AE confirm + 12
 * voucher data; 12 by num_expediente to recover; 142 fees + 401 cancel.
 */
export class RestelHotelAdapter implements HotelSupplier {
  readonly supplier = S;
  readonly kind = 'hotel' as const;
  readonly account: { id: string; name: string };
  private readonly client: RestelClient;

  constructor(
    private readonly http: SupplierHttp,
    private readonly acc: ResolvedProviderAccount,
  ) {
    this.account = { id: acc.id, name: acc.name };
    this.client = new RestelClient(http, acc);
  }

  private availabilityParams(
    input: Pick<HotelSearchInput, 'checkIn' | 'checkOut' | 'rooms' | 'nationality' | 'destination' | 'hotelCodes'>,
  ) {
    const groups = paxGroups(input.rooms);
    const params: Record<string, unknown> = {
      ...(input.hotelCodes?.length ? { hotel: `${input.hotelCodes.join('#')}#` } : { provincia: input.destination }),
      categoria: '0',
      fechaentrada: toRestelDate(input.checkIn),
      fechasalida: toRestelDate(input.checkOut),
      usuario: this.client.user,
      afiliacion: this.acc.credentials.afiliacio,
      pais_cliente: input.nationality ?? this.acc.settings.nationality,
      idioma: LANGUAGE,
      duplicidad: '1',
      comprimido: '2',
      informacion_hotel: '0',
      tarifas_reembolsables: '0',
      restricciones: '0',
    };
    groups.forEach((g, i) => {
      params[`numhab${i + 1}`] = String(g.numhab);
      params[`paxes${i + 1}`] = `${g.adults}-${g.ages.length}`;
      if (g.ages.length) params[`edades${i + 1}`] = g.ages.join(',');
    });
    return params;
  }

  search(input: HotelSearchInput, ctx?: CallContext): Promise<SearchResult<HotelOffer>> {
    const op = 'hotel.search';
    return guarded(this.http, S, op, async () => {
      if (!input.rooms.length || input.rooms.length > RESTEL_MAX_ROOMS) throw invalid(S, op, `rooms 1..${RESTEL_MAX_ROOMS}`);
      if (!input.destination && !input.hotelCodes?.length) throw invalid(S, op, 'destination or hotelCodes');
      if (input.rooms.some((r) => r.adults < 1 || r.adults > 9 || r.childrenAges.length > 9)) throw invalid(S, op, 'paxes');
      const param = await this.client.call('110', 'Disponibilidad', this.availabilityParams(input), {
        operation: op,
        idempotent: true,
        ctx,
      });
      const mapped = mapAvailability(param, {
        accountId: this.acc.id,
        checkIn: input.checkIn,
        checkOut: input.checkOut,
        rooms: input.rooms,
      });
      const screened = screenPrices(mapped.offers, (o) => o.total);
      reportDropped(this.http, S, op, [...mapped.dropped, ...screened.dropped]);
      const offers = sortByTotal(screened.kept);
      return { offers, dropped: mapped.dropped.length + screened.dropped.length, expiresAt: null, total: offers.length };
    });
  }

  quote(offer: HotelOffer, ctx?: CallContext): Promise<HotelQuote> {
    const op = 'hotel.quote';
    return guarded(this.http, S, op, async () => {
      // Restel has no re-price service: ask availability again for this hotel and find the same room and board.
      const param = await this.client.call(
        '110',
        'Disponibilidad',
        this.availabilityParams({ ...offer, rooms: offer.rooms.map((r) => r.occupancy), hotelCodes: [offer.hotel.code] }),
        { operation: op, idempotent: true, ctx },
      );
      const fresh = mapAvailability(param, {
        accountId: this.acc.id,
        checkIn: offer.checkIn,
        checkOut: offer.checkOut,
        rooms: offer.rooms.map((r) => r.occupancy),
      });
      const same = fresh.offers.find(
        (o) =>
          o.hotel.code === offer.hotel.code &&
          o.supplierData.roomCode === offer.supplierData.roomCode &&
          o.supplierData.boardCode === offer.supplierData.boardCode &&
          o.supplierData.nr === offer.supplierData.nr,
      );
      if (!same) throw new SupplierError('SUPPLIER_NOT_AVAILABLE', { supplier: S, operation: op, detail: 'room/board gone at re-quote' });
      if (new Decimal(same.total.amount).lte(0)) throw new Error(`re-quote total ${same.total.amount}`);
      const lins = same.supplierData.lins as string[];
      const content = await this.client.call(
        '144',
        'Politica de cancelacion',
        { datos_reserva: { hotel: offer.hotel.code, lin: lins }, idioma: LANGUAGE },
        { operation: 'hotel.rules', idempotent: true, ctx },
      );
      const nightly = lins.map((l) => readLin(l)?.nightly).filter((n): n is Decimal => !!n);
      const policy = nightsPriced(
        mapPolicy(nodes(content.politicaCanc), { checkIn: offer.checkIn, currency: same.total.currency }),
        same.total,
        nightly,
      );
      const observations = await this.hotelObservations(offer, ctx);
      return {
        offer,
        total: same.total,
        priceChanged: !sameMoney(same.total, offer.total),
        previousTotal: offer.total,
        availability: same.availability,
        cancellation: offer.supplierData.nr ? { ...policy, refundable: false } : policy,
        token: { kind: 'lin', value: lins[0], expiresAt: null },
        remarks: [...observations, ...(policy.text ? [policy.text] : [])],
        supplierData: { ...same.supplierData, observations },
      };
    });
  }

  /**
   * Service 24, the hotel's observations for the stay, which must be shown to the client before
   * booking (codigo_cobol + entrada/salida dd/mm/yyyy; reply parametros/hotel/observaciones/observacion
   * {obs_texto,obs_desde,obs_hasta}). They are informative: a failure here does not stop the quote.
   */
  private async hotelObservations(offer: HotelOffer, ctx?: CallContext): Promise<string[]> {
    const dmy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    try {
      const content = await this.client.call(
        '24',
        'Observaciones del hotel',
        { codigo_cobol: offer.hotel.code, entrada: dmy(offer.checkIn), salida: dmy(offer.checkOut) },
        { operation: 'hotel.rules', idempotent: true, ctx },
      );
      return mapObservations(content);
    } catch (err) {
      this.http.log.warn({ supplier: S, hotel: offer.hotel.code, err }, 'restel hotel observations (24) failed');
      return [];
    }
  }

  book(input: HotelBookInput, ctx?: CallContext): Promise<HotelBooking> {
    const op = 'hotel.book';
    return guarded(this.http, S, op, async () => {
      const { quote } = input;
      if (!/^[\w-]{1,30}$/.test(input.clientReference)) throw invalid(S, op, 'num_expediente 1..30 word characters');
      const lins = quote.supplierData.lins;
      if (!Array.isArray(lins) || !lins.length) throw invalid(S, op, 'quote first (lins)');
      const pre = await this.client.call(
        '202',
        'Pre-reserva',
        {
          codigo_hotel: quote.offer.hotel.code,
          nombre_cliente: `${input.holder.name} ${input.holder.surname}`.slice(0, 60),
          observaciones: (input.remarks ?? '').slice(0, 250),
          num_mensaje: '',
          num_expediente: input.clientReference,
          forma_pago: '25',
          ...(input.holder.email ? { email: input.holder.email } : {}),
          ...(input.holder.phone ? { telefono: input.holder.phone } : {}),
          res: { lin: lins },
        },
        { operation: 'hotel.prebook', idempotent: false, ctx },
      );
      const locator = textOf(pre.n_localizador);
      if (!locator) throw new Error('202 without n_localizador');
      const amount = textOf(pre.importe_total_reserva);
      if (amount && !new Decimal(amount).eq(quote.total.amount)) {
        await this.release(locator, ctx);
        throw new SupplierError('SUPPLIER_PRICE_CHANGED', {
          supplier: S,
          operation: op,
          detail: `pre-booking ${amount} vs quoted ${quote.total.amount}`,
        });
      }
      let confirmation: XNode;
      try {
        confirmation = await this.client.call(
          '3',
          'Confirmacion',
          { localizador: locator, accion: 'AE' },
          { operation: op, idempotent: false, ctx },
        );
      } catch (err) {
        // Any refusal releases the hold. A lost reply: never assume confirmed or denied; read the
        // pre-booking's locator with the documented voucher read (12) and go by what Restel holds.
        if (!(err instanceof SupplierError) || err.code !== 'SUPPLIER_OUTCOME_UNKNOWN') {
          await this.release(locator, ctx);
          throw err;
        }
        const held = await this.readLocator(locator, 'hotel.read', ctx).catch(() => null);
        if (!held || held.status === 'pending-provider' || held.status === 'pre-reserved' || !held.ref.extra?.short) throw err;
        confirmation = { localizador: held.ref.locator, localizador_corto: held.ref.extra.short, estado: '00' };
      }
      // Confirmed: from here on nothing may throw, or the voucher would stay pending while Restel holds it.
      const short = textOf(confirmation.localizador_corto);
      const observations = [textOf(pre.observaciones), textOf(confirmation.observaciones)].map((t) => t.trim()).filter(Boolean);
      const fromReplies: HotelBooking = {
        supplier: S,
        kind: 'hotel',
        ref: { locator: textOf(confirmation.localizador) || locator, extra: { short } },
        clientReference: input.clientReference,
        status: short ? 'confirmed' : 'pending-provider',
        supplierStatus: textOf(confirmation.estado) || '00',
        total: amount ? money(amount, quote.total.currency) : quote.total,
        cancellation: quote.cancellation,
        holder: { name: input.holder.name, surname: input.holder.surname },
        createdAt: null,
        remarks: [...new Set([...observations, ...((quote.supplierData.observations as string[] | undefined) ?? [])])],
        hotel: { code: quote.offer.hotel.code, name: quote.offer.hotel.name },
        checkIn: quote.offer.checkIn,
        checkOut: quote.offer.checkOut,
        rooms: quote.offer.rooms.map((r) => ({ code: r.code, name: r.name, board: quote.offer.board })),
      };
      try {
        const read = await this.readLocator(fromReplies.ref.locator, 'hotel.read', ctx);
        return {
          ...read,
          ref: { locator: read.ref.locator, extra: { short: read.ref.extra?.short || short } },
          clientReference: read.clientReference ?? input.clientReference,
          status: read.status === 'pending-provider' ? fromReplies.status : read.status,
          cancellation: quote.cancellation,
          remarks: [...new Set([...fromReplies.remarks, ...read.remarks])],
          checkIn: read.checkIn ?? fromReplies.checkIn,
          checkOut: read.checkOut ?? fromReplies.checkOut,
        };
      } catch (err) {
        this.http.log.warn({ supplier: S, locator, err }, 'restel voucher read (12) after confirmation failed; using the 202/3 replies');
        return fromReplies;
      }
    });
  }

  /** Best effort: annul a pre-booking that will not be confirmed (3 AI). */
  private async release(locator: string, ctx?: CallContext) {
    try {
      await this.client.call(
        '3',
        'Anulacion',
        { localizador: locator, accion: 'AI' },
        { operation: 'hotel.release', idempotent: false, ctx },
      );
    } catch (err) {
      this.http.log.warn({ supplier: S, locator, err }, 'restel pre-booking release failed');
    }
  }

  private async readLocator(locator: string, op: string, ctx?: CallContext): Promise<HotelBooking> {
    const content = await this.client.call(
      '12',
      'Bono',
      { localizador: locator, idioma: LANGUAGE },
      { operation: op, idempotent: true, ctx },
    );
    const { lins: _l, ...booking } = mapBooking(content);
    return booking;
  }

  read(ref: SupplierBookingRef, ctx?: CallContext): Promise<HotelBooking> {
    return guarded(this.http, S, 'hotel.read', () => this.readLocator(ref.locator, 'hotel.read', ctx));
  }

  /**
   * Restel documents no look-up by our reference (num_expediente): its reads (11, 12) take the locator.
   * A lost confirmation is resolved inside `book` (12 by the pre-booking's locator); a lost pre-booking
   * reply leaves nothing confirmed. So this answers null and the recovery hands the voucher to a person
   * after its window (docs/decisions/0161).
   */
  findByClientReference(_clientReference: string, _hint: { from: string; to: string }, _ctx?: CallContext): Promise<HotelBooking | null> {
    return Promise.resolve(null);
  }

  cancel(ref: SupplierBookingRef, opts: { simulate: boolean }, ctx?: CallContext): Promise<CancelResult> {
    const op = opts.simulate ? 'hotel.cancel-simulation' : 'hotel.cancel';
    return guarded(this.http, S, op, async () => {
      const data = await this.client.call(
        '12',
        'Bono',
        { localizador: ref.locator, idioma: LANGUAGE },
        { operation: 'hotel.read', idempotent: true, ctx },
      );
      const booking = mapBooking(data);
      if (booking.status === 'cancelled')
        throw new SupplierError('SUPPLIER_NOT_CANCELLABLE', { supplier: S, operation: op, detail: 'already cancelled' });
      const fees = await this.client.call(
        '142',
        'Gastos de cancelacion',
        { usuario: this.client.user, localizador: ref.locator, idioma: LANGUAGE },
        { operation: 'hotel.cancel-simulation', idempotent: true, ctx },
      );
      const conditions = nodes(fees.politicaCanc);
      const policy = mapPolicy(conditions, {
        checkIn: booking.checkIn ?? new Date().toISOString().slice(0, 10),
        currency: booking.total.currency,
      });
      const nightly = booking.lins.map((l) => readLin(l)?.nightly).filter((n): n is Decimal => !!n);
      const penalty = conditions.length ? penaltyNow(policy, booking.total, nightly) : money(booking.total.amount, booking.total.currency);
      if (opts.simulate) return { simulated: true, status: booking.status, penalty, penaltyKnown: true, cancellationReference: null };
      const short = ref.extra?.short || booking.ref.extra?.short || '';
      const res = await this.client.call(
        '401',
        'Cancelacion',
        { localizador_largo: ref.locator, localizador_corto: short },
        { operation: op, idempotent: false, ctx },
      );
      return {
        simulated: false,
        status: 'cancelled',
        penalty,
        penaltyKnown: true,
        cancellationReference: textOf(res.localizador_baja) || null,
      };
    });
  }
}

export async function testRestelConnection(
  http: SupplierHttp,
  account: ResolvedProviderAccount,
  ctx?: CallContext,
): Promise<ConnectionTestResult> {
  const client = new RestelClient(http, account);
  const check = await connectionCheck('hotel', () =>
    client.call('5', 'Paises', { idioma: LANGUAGE }, { operation: 'account.test', idempotent: true, ctx }),
  );
  return { ok: check.ok, checks: [check] };
}
