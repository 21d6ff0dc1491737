import type { StorefrontPlace } from '@travesia/contracts';

/** A local calendar day as `yyyy-MM-dd` (what native date inputs hold), `offset` days from `from`. */
export function isoDay(from: Date, offset = 0): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface SearchValues {
  destination: StorefrontPlace | null;
  start: string;
  end: string;
  adults: number;
  /** One room: its children's ages (0–17). */
  children: ChildAges;
}

/** Each field's Spanish error, none when the search can go. `today` as `yyyy-MM-dd`. */
export function searchErrors(v: SearchValues, today: string): Partial<Record<'destination' | 'start' | 'end' | 'children', string>> {
  const errors: Partial<Record<'destination' | 'start' | 'end' | 'children', string>> = {};
  const children = childrenError(v.children);
  if (children) errors.children = children;
  if (!v.destination) errors.destination = 'Elige un destino de la lista';
  if (!v.start) errors.start = 'Elige la fecha de entrada';
  else if (v.start < today) errors.start = 'La entrada no puede ser anterior a hoy';
  if (!v.end) errors.end = 'Elige la fecha de salida';
  else if (v.start && v.end <= v.start) errors.end = 'La salida debe ser posterior a la entrada';
  return errors;
}

/** The results page's address for a valid search. */
export function resultsPath(slug: string, v: SearchValues): string {
  const q = new URLSearchParams({
    destino: v.destination?.id ?? '',
    nombre: v.destination?.name ?? '',
    entrada: v.start,
    salida: v.end,
    adultos: String(v.adults),
    ...(v.children.length ? { ninos: v.children.join(',') } : {}),
  });
  return `/s/${slug}/hoteles?${q}`;
}

/** What the storefront sells, as the home's product tabs (decision 0530): its products' module prefixes. */
export type ShopProduct = 'hotels' | 'tickets' | 'transfers';
export const SHOP_PRODUCT_LABELS: Record<ShopProduct, string> = { hotels: 'Hoteles', tickets: 'Tickets', transfers: 'Traslados' };

/**
 * The tabs of the products a white label sells, in a fixed order: supplier hotels (own hotels are not sold by a
 * storefront, decision 0340), tickets, transfers. A shop that lists none of them shows the hotel search.
 */
export function shopProducts(products: readonly string[]): ShopProduct[] {
  const sold: ShopProduct[] = [];
  if (products.some((p) => p.startsWith('hotels-') && p !== 'hotels-travesia')) sold.push('hotels');
  if (products.some((p) => p.startsWith('tickets-'))) sold.push('tickets');
  if (products.some((p) => p.startsWith('transfers-'))) sold.push('transfers');
  return sold.length ? sold : ['hotels'];
}

/** Children's ages as the search forms keep them: '' until the traveller picks one. */
export type ChildAges = Array<number | ''>;

/** The Spanish error when some child's age is not picked yet. */
export function childrenError(children: ChildAges): string | undefined {
  return children.some((a) => a === '') ? 'Indica la edad de cada niño' : undefined;
}

export interface TicketSearchValues {
  destination: StorefrontPlace | null;
  date: string;
  adults: number;
  children: ChildAges;
}

/** Each field's Spanish error, none when the ticket search can go. `today` as `yyyy-MM-dd`. */
export function ticketSearchErrors(v: TicketSearchValues, today: string): Partial<Record<'destination' | 'date' | 'children', string>> {
  const errors: Partial<Record<'destination' | 'date' | 'children', string>> = {};
  const children = childrenError(v.children);
  if (children) errors.children = children;
  if (!v.destination) errors.destination = 'Elige un destino de la lista';
  if (!v.date) errors.date = 'Elige el día de la actividad';
  else if (v.date < today) errors.date = 'El día no puede ser anterior a hoy';
  return errors;
}

/** The ticket results page's address for a valid search. */
export function ticketResultsPath(slug: string, v: TicketSearchValues): string {
  const q = new URLSearchParams({
    destino: v.destination?.id ?? '',
    nombre: v.destination?.name ?? '',
    dia: v.date,
    adultos: String(v.adults),
    ...(v.children.length ? { ninos: v.children.join(',') } : {}),
  });
  return `/s/${slug}/tickets?${q}`;
}

export interface TransferSearchValues {
  from: StorefrontPlace | null;
  to: StorefrontPlace | null;
  date: string;
  time: string;
  roundTrip: boolean;
  returnDate: string;
  returnTime: string;
  adults: number;
  children: ChildAges;
}
type TransferField = 'from' | 'to' | 'date' | 'time' | 'returnDate' | 'returnTime' | 'children';

/**
 * What a leg's time means for the traveller: from an airport the flight's arrival, to an airport its departure,
 * otherwise the pickup (the engine's `transferTimeMeaning`, without importing the contracts' schemas here).
 */
export function transferTimeLabel(from: StorefrontPlace | null, to: StorefrontPlace | null): string {
  if (from?.type === 'airport') return 'Hora de llegada del vuelo';
  if (to?.type === 'airport') return 'Hora de salida del vuelo';
  return 'Hora de recogida';
}

/** Each field's Spanish error, none when the transfer search can go. `today` as `yyyy-MM-dd`. */
export function transferSearchErrors(v: TransferSearchValues, today: string): Partial<Record<TransferField, string>> {
  const errors: Partial<Record<TransferField, string>> = {};
  const children = childrenError(v.children);
  if (children) errors.children = children;
  else if (v.children.filter((a) => a !== '' && a <= 2).length > v.adults) errors.children = 'Cada bebé debe viajar con un adulto';
  if (!v.from) errors.from = 'Elige el origen de la lista';
  if (!v.to) errors.to = 'Elige el destino de la lista';
  else if (v.from && v.from.id === v.to.id) errors.to = 'El origen y el destino no pueden ser el mismo lugar';
  if (!v.date) errors.date = 'Elige la fecha del traslado';
  else if (v.date < today) errors.date = 'La fecha no puede ser anterior a hoy';
  if (!v.time) errors.time = 'Elige la hora';
  if (v.roundTrip) {
    if (!v.returnDate) errors.returnDate = 'Elige la fecha del regreso';
    else if (v.date && `${v.returnDate}T${v.returnTime || '23:59'}` <= `${v.date}T${v.time || '00:00'}`)
      errors.returnDate = 'El regreso debe ser posterior a la ida';
    if (!v.returnTime) errors.returnTime = 'Elige la hora del regreso';
  }
  return errors;
}

/** The transfer results page's address for a valid search. */
export function transferResultsPath(slug: string, v: TransferSearchValues): string {
  const q = new URLSearchParams({
    desde: v.from?.id ?? '',
    desdeNombre: v.from?.name ?? '',
    hasta: v.to?.id ?? '',
    hastaNombre: v.to?.name ?? '',
    fecha: v.date,
    hora: v.time,
    ...(v.roundTrip ? { regreso: v.returnDate, horaRegreso: v.returnTime } : {}),
    adultos: String(v.adults),
    ...(v.children.length ? { ninos: v.children.join(',') } : {}),
  });
  return `/s/${slug}/traslados?${q}`;
}
