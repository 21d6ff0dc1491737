import type { VoucherStatus } from '@travesia/contracts';
import Decimal from 'decimal.js';
import { normaliseBoard } from '../boards.js';
import { isCurrency, money, parseAmount } from '../money.js';
import type { DroppedOffer } from '../offer-screen.js';
import { isRefundable, NON_REFUNDABLE } from '../policies.js';
import type { CancellationPolicy, CancellationRule, HotelBooking, HotelOffer, Money, Occupancy } from '../types.js';
import { attr, node, nodes, textOf, type XNode } from '../xml.js';

/** Restel dates: MM/DD/YYYY on the wire. */
export const toRestelDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
export const fromRestelDate = (s: string) =>
  /^\d{2}\/\d{2}\/\d{4}$/.test(s) ? `${s.slice(6, 10)}-${s.slice(0, 2)}-${s.slice(3, 5)}` : null;
const fromYmd = (s: string) => (/^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null);

/**
 * Restel's own two-letter currency codes as seen in lins (`EU`) and in `divisa_total` (`DO`); ISO
 * codes pass through. Inferred mapping (fixtures/README.md): EU → EUR, DO → USD.
 */
const RESTEL_CURRENCIES: Record<string, string> = { EU: 'EUR', DO: 'USD' };
export function restelCurrency(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const c = code.trim().toUpperCase();
  return RESTEL_CURRENCIES[c] ?? c;
}

/** Rooms with the same adults and children ages travel as one group (numhabN/paxesN/edadesN); at most 3 groups. */
export interface PaxGroup {
  numhab: number;
  adults: number;
  ages: number[];
  indices: number[];
}

export function paxGroups(rooms: Occupancy[]): PaxGroup[] {
  const groups: PaxGroup[] = [];
  rooms.forEach((r, i) => {
    const ages = [...r.childrenAges].sort((a, b) => a - b);
    const g = groups.find((x) => x.adults === r.adults && x.ages.join(',') === ages.join(','));
    if (g) {
      g.numhab++;
      g.indices.push(i);
    } else groups.push({ numhab: 1, adults: r.adults, ages, indices: [i] });
  });
  return groups;
}

/**
 * One booking line per night: '#'-separated and opaque, e.g. the published
 * `DB#1#C+#30.00#10.00#OB#OK#20180815#20180816#EU#2-0#0#0#201804101358#745388#` — counting from 0,
 * field 3 is the nightly price and fields 7–8 the night's start/end as yyyymmdd (the layout a
 * published Restel client reads with `split("#")[3]`, `[7]`, `[8]`; fixtures/README.md). We read them
 * only to check the offer adds up; we never alter a line.
 */
export function readLin(lin: string): { nightly: Decimal; start: string; end: string } | null {
  const f = lin.split('#');
  if (f.length < 9) return null;
  const nightly = parseAmount(f[3]);
  const start = fromYmd(f[7]);
  const end = fromYmd(f[8]);
  if (!nightly || !start || !end || end <= start) return null;
  return { nightly, start, end };
}

/** The lines of a stay must cover every night from check-in to check-out and add up to the stay price. */
export function linesMatch(lins: string[], price: Decimal, checkIn: string, checkOut: string, groups = 1): boolean {
  const parsed = lins.map(readLin);
  if (!parsed.length || parsed.some((l) => !l)) return false;
  const sum = parsed.reduce((s, l) => s.plus(l!.nightly), new Decimal(0));
  const nights = Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
  const starts = parsed.map((l) => l!.start).sort();
  return sum.eq(price) && parsed.length === nights * groups && starts[0] === checkIn && parsed.every((l) => l!.end <= checkOut);
}

export interface RestelSearchCtx {
  accountId: string;
  checkIn: string;
  checkOut: string;
  rooms: Occupancy[];
  now?: Date;
}

/**
 * Service 110 to offers: for each hotel, one offer per room type and board offered to every pax group.
 * The price is the sum of each group's `prr`; its per-night lines must add up to it, or the offer is dropped.
 */
export function mapAvailability(param: XNode, ctx: RestelSearchCtx): { offers: HotelOffer[]; dropped: DroppedOffer[] } {
  const groups = paxGroups(ctx.rooms);
  const offers: HotelOffer[] = [];
  const dropped: DroppedOffer[] = [];
  for (const hot of nodes(node(param.hotls).hot)) {
    const code = textOf(hot.cod);
    const name = textOf(hot.nom);
    if (!code || !name) {
      dropped.push({ reason: 'invalid', detail: `hotel without code/name ${code}` });
      continue;
    }
    const paxNodes = nodes(node(hot.res).pax);
    if (paxNodes.length !== groups.length) continue;
    // Per pax group, its (room, board) choices keyed by board|nr. Groups with different occupancies
    // (certification: 2 adults + 1 adult) get different room lists, so a combination takes one room
    // per group for the same board and refundability: the same room code when every group has it,
    // otherwise each group's cheapest room for that board.
    const perGroup = paxNodes.map((pax) => {
      const byBoard = new Map<string, { hab: XNode; reg: XNode }[]>();
      for (const hab of nodes(pax.hab))
        for (const reg of nodes(hab.reg)) {
          const key = `${attr(reg, 'cod')}|${attr(reg, 'nr')}`;
          byBoard.set(key, [...(byBoard.get(key) ?? []), { hab, reg }]);
        }
      return byBoard;
    });
    const combos: { key: string; list: { hab: XNode; reg: XNode }[] }[] = [];
    for (const boardKey of perGroup[0]?.keys() ?? []) {
      const choices = perGroup.map((g) => g.get(boardKey) ?? []);
      if (choices.some((c) => !c.length)) continue;
      const shared = choices[0]
        .map((c) => attr(c.hab, 'cod'))
        .filter((code) => choices.every((g) => g.some((x) => attr(x.hab, 'cod') === code)));
      for (const code of shared)
        combos.push({ key: `${code}|${boardKey}`, list: choices.map((g) => g.find((x) => attr(x.hab, 'cod') === code)!) });
      if (!shared.length) {
        const cheapest = choices.map(
          (g) =>
            [...g].sort(
              (a, b) =>
                (parseAmount(attr(a.reg, 'prr'))?.toNumber() ?? Infinity) - (parseAmount(attr(b.reg, 'prr'))?.toNumber() ?? Infinity),
            )[0],
        );
        combos.push({ key: `${cheapest.map((c) => attr(c.hab, 'cod')).join('+')}|${boardKey}`, list: cheapest });
      }
    }
    for (const { key, list } of combos) {
      const regs = list.map((x) => x.reg);
      const currency = restelCurrency(attr(regs[0], 'div'));
      const board = normaliseBoard(attr(regs[0], 'cod'));
      const prices = regs.map((r) => parseAmount(attr(r, 'prr')));
      if (!isCurrency(currency) || regs.some((r) => restelCurrency(attr(r, 'div')) !== currency) || prices.some((p) => !p)) {
        dropped.push({ reason: 'invalid', detail: `${code} ${key}: price or currency` });
        continue;
      }
      if (!board) {
        dropped.push({ reason: 'unknown-board', detail: `${code} ${key}` });
        continue;
      }
      const linsByGroup = regs.map((r) => ((r.lin as unknown[] | undefined) ?? []).map(textOf));
      const total = prices.reduce((s: Decimal, p) => s.plus(p as Decimal), new Decimal(0));
      if (total.gt(0) && !linsByGroup.every((l, gi) => linesMatch(l, prices[gi] as Decimal, ctx.checkIn, ctx.checkOut))) {
        dropped.push({ reason: 'invalid', detail: `${code} ${key}: nightly lines do not add up to the stay price` });
        continue;
      }
      const nonRefundable = regs.some((r) => attr(r, 'nr') !== '0');
      const onRequest = regs.some((r) => attr(r, 'esr') === 'RQ');
      const allLins = linsByGroup.flat();
      const rooms = ctx.rooms.map((occupancy, i) => {
        const gi = groups.findIndex((g) => g.indices.includes(i));
        const hab = list[gi].hab;
        return { code: attr(hab, 'cod') ?? '', name: attr(hab, 'desc') ?? '', occupancy };
      });
      offers.push({
        supplier: 'restel',
        accountId: ctx.accountId,
        hotel: { code, name, category: textOf(hot.cat), destination: textOf(hot.pro), zone: textOf(hot.pob) },
        checkIn: ctx.checkIn,
        checkOut: ctx.checkOut,
        rooms,
        board,
        total: money(total, currency),
        availability: onRequest ? 'on-request' : 'available',
        requiresQuote: true,
        // The real policy comes from service 144 at quote time; until then only the nr flag is known.
        cancellation: nonRefundable ? NON_REFUNDABLE : { refundable: true, rules: [] },
        token: { kind: 'lin', value: allLins[0], expiresAt: null },
        supplierData: {
          hotelCode: code,
          lins: allLins,
          roomCode: list.map((x) => attr(x.hab, 'cod')).join('+'),
          boardCode: attr(regs[0], 'cod'),
          nr: nonRefundable,
        },
        payAtHotel: textOf(hot.pdr) === 'S',
      });
    }
  }
  return { offers, dropped };
}

/**
 * Restel cancellation conditions (service 144 before booking, 142 after) to rules: cancelling within
 * `dias_antelacion` days (+ `horas_antelacion` hours) of arrival costs `noches_gasto` nights, or
 * `estCom_gasto` percent (0 = free). The free text (`concepto` / `desc`) is kept verbatim.
 */
export function mapPolicy(conditions: XNode[], ctx: { checkIn: string; currency: string; now?: Date }): CancellationPolicy {
  if (!conditions.length) return NON_REFUNDABLE;
  const now = ctx.now ?? new Date();
  const texts: string[] = [];
  const rules: CancellationRule[] = [];
  for (const c of conditions) {
    const days = Number(textOf(c.dias_antelacion) || '0');
    const hours = Number(textOf(c.horas_antelacion) || '0');
    const nights = Number(textOf(c.noches_gasto) || '0');
    const percent = parseAmount(textOf(c.estCom_gasto) || '0') ?? new Decimal(0);
    const text = (textOf(c.concepto) || textOf(c.desc)).trim();
    if (text) texts.push(text);
    if (!Number.isFinite(days) || !Number.isFinite(hours)) continue;
    const from = days >= 365 ? now : new Date(Date.parse(`${ctx.checkIn}T00:00:00Z`) - days * 86_400_000 - hours * 3_600_000);
    const penalty = nights > 0 ? { nights } : percent.gt(0) ? { percent: percent.toString() } : { amount: '0.00' };
    rules.push({ from: from.toISOString(), ...penalty, currency: ctx.currency });
  }
  rules.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
  return { refundable: isRefundable(rules, now), rules, text: texts.length ? [...new Set(texts)].join(' ') : undefined };
}

/**
 * The rules with their nights priced from the lines, as Restel charges them (the first nights' own
 * prices, not the stay's average): what the agent is shown is then what the cancellation will cost
 * (decision 0400).
 */
export function nightsPriced(policy: CancellationPolicy, total: Money, nightly: Decimal[]): CancellationPolicy {
  if (!nightly.length) return policy;
  return {
    ...policy,
    rules: policy.rules.map((rule) => {
      if (!rule.nights) return rule;
      const { nights, ...r } = rule;
      return { ...r, amount: Decimal.min(sumNights(nightly, nights), total.amount).toFixed(2) };
    }),
  };
}

const sumNights = (nightly: Decimal[], n: number) => nightly.slice(0, n).reduce((s, x) => s.plus(x), new Decimal(0));

/** The penalty in force now: the highest rule already started; nights are priced from the lines. */
export function penaltyNow(policy: CancellationPolicy, total: Money, nightly: Decimal[], now = new Date()): Money {
  let max = new Decimal(0);
  for (const r of policy.rules) {
    if (Date.parse(r.from) > now.getTime()) continue;
    let p = new Decimal(0);
    if (r.amount) p = new Decimal(r.amount);
    else if (r.percent) p = new Decimal(total.amount).times(r.percent).div(100);
    else if (r.nights) p = sumNights(nightly, r.nights);
    max = Decimal.max(max, p);
  }
  return money(Decimal.min(max, total.amount), total.currency);
}

export function bookingStatus(estado: string): VoucherStatus {
  switch (estado) {
    case 'C':
      return 'confirmed';
    case 'P':
      return 'on-request';
    case 'A':
      return 'cancelled';
    case 'PRE':
      return 'pre-reserved';
    default:
      return 'pending-provider';
  }
}

/** A Restel date in any of the formats its services use: yyyy-mm-dd (voucher), MM/DD/YYYY, yyyymmdd. */
export function anyRestelDate(s: string): string | null {
  const t = s.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  return fromRestelDate(t) ?? fromYmd(t);
}

/**
 * Service 12 (voucher data) to our booking. Published clients read the locators as
 * `parametros/reserva/localizador_largo` and `localizador_corto`; `localizador` is accepted too.
 */
export function mapBooking(content: XNode): HotelBooking & { lins: string[] } {
  const r = node(content.reserva);
  const locator = textOf(r.localizador_largo) || textOf(r.localizador);
  if (!locator) throw new Error('reserva without localizador_largo');
  const amount = parseAmount(textOf(r.importe).replace(',', '.'));
  const currency = restelCurrency(textOf(r.divisa)) ?? '';
  if (!amount || !isCurrency(currency)) throw new Error('reserva without a valid amount');
  const titular = textOf(r.titular).trim();
  const [name, ...rest] = titular.split(/\s+/);
  const hab = nodes(node(r.habitaciones).hab);
  const lins = ((node(r.lineas).lin as unknown[] | undefined) ?? []).map(textOf);
  const estado = textOf(r.estado_reserva);
  const observations = textOf(r.observaciones).trim();
  return {
    supplier: 'restel',
    kind: 'hotel',
    ref: { locator, extra: { short: textOf(r.localizador_corto) } },
    clientReference: textOf(r.num_expediente) || null,
    status: bookingStatus(estado),
    supplierStatus: estado,
    total: money(amount, currency),
    cancellation: NON_REFUNDABLE,
    holder: titular ? { name, surname: rest.join(' ') } : null,
    createdAt: null,
    remarks: observations ? [observations] : [],
    hotel: { code: textOf(node(r.hotel_datos).codigo), name: textOf(node(r.hotel_datos).nombre) },
    checkIn: anyRestelDate(textOf(r.fecha_entrada)),
    checkOut: anyRestelDate(textOf(r.fecha_salida)),
    rooms: hab.map((x) => ({ code: attr(x, 'cod') ?? '', name: attr(x, 'desc') ?? '', board: normaliseBoard(attr(x, 'reg')) })),
    lins,
  };
}

/** Service 24 reply: `parametros/hotel/observaciones/observacion{obs_texto,obs_desde,obs_hasta}`, texts kept verbatim. */
export function mapObservations(content: XNode): string[] {
  const list = nodes(node(node(node(content.hotel).observaciones ?? content.observaciones)).observacion);
  return list.map((o) => (textOf(o.obs_texto) || textOf(o)).trim()).filter(Boolean);
}
