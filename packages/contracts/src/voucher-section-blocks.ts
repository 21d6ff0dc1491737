import { formatDate } from './format/date.js';
import {
  FLIGHT_PASSENGER_LABELS,
  type FlightSection,
  type HotelSection,
  type TicketSection,
  TRANSFER_DIRECTION_LABELS,
  type TransferSection,
  type VoucherSection,
} from './voucher-sections.js';

/**
 * A voucher section as titled blocks of label/value rows: the detail page, the printable voucher and
 * the PDF all render these, so the three say the same thing in the same words. Empty values are left out.
 */
export interface SectionRow {
  label: string;
  value: string;
}
export interface SectionBlock {
  title: string;
  rows: SectionRow[];
  /** An instruction that must stand out (a pickup time to confirm). */
  warning?: string;
}

const rows = (...pairs: Array<[string, string | number | null | undefined]>): SectionRow[] =>
  pairs.filter(([, v]) => v !== undefined && v !== null && v !== '').map(([label, v]) => ({ label, value: String(v) }));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function paxText(adults: number | undefined, children: number | undefined, ages?: readonly number[]): string {
  const parts = [
    adults ? plural(adults, 'adulto', 'adultos') : '',
    children ? `${plural(children, 'niño', 'niños')}${ages?.length ? ` (${ages.join(', ')} años)` : ''}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** 'yyyy-MM-ddTHH:mm' (local to the airport) as 'dd-MM-yyyy HH:mm', never shifted. */
const localDateTime = (v: string) => `${formatDate(v.slice(0, 10))} ${v.slice(11, 16)}`;

function hotelBlocks(s: HotelSection): SectionBlock[] {
  return [
    {
      title: s.name,
      rows: [
        ...rows(
          ['Categoría', s.category],
          ['Destino', s.destination],
          ['Dirección', s.address],
          ['Teléfono', s.phone],
          ['Entrada', s.checkIn ? formatDate(s.checkIn) : null],
          ['Salida', s.checkOut ? formatDate(s.checkOut) : null],
          ['Noches', s.nights],
          ['Régimen', s.board],
        ),
        ...s.rooms.map((r, i) => ({
          label: `Habitación ${i + 1}`,
          value: [r.name, r.board, paxText(r.adults, r.children, r.childrenAges)].filter(Boolean).join(' · '),
        })),
      ],
    },
  ];
}

function ticketBlocks(s: TicketSection): SectionBlock[] {
  const p = s.participants;
  const meet = s.meetingPoint;
  return [
    {
      title: s.activity,
      rows: rows(
        ['Modalidad', s.modality],
        ['Destino', s.destination],
        ['Fecha', formatDate(s.date)],
        ['Sesión', s.session],
        ['Idioma', s.language],
        ['Punto de encuentro', meet?.description],
        ['Dirección del punto de encuentro', meet?.address],
        ['Coordenadas', meet?.coordinates],
        ['Participantes', paxText(p.adults, p.children, p.childrenAges)],
        ['Nombres', p.names?.join(', ')],
        ['Cómo usarlo', s.redemption],
      ),
    },
    ...(s.supplierDocuments?.length
      ? [
          {
            title: 'Documentos del proveedor',
            warning: 'Entrega al cliente el voucher del proveedor: lleva el código que se presenta en la entrada.',
            rows: s.supplierDocuments.map((d, i) => ({
              label: `Voucher del proveedor${s.supplierDocuments && s.supplierDocuments.length > 1 ? ` ${i + 1}` : ''}${
                d.format || d.language ? ` (${[d.format, d.language].filter(Boolean).join(', ')})` : ''
              }`,
              value: d.url,
            })),
          },
        ]
      : []),
  ];
}

function transferBlocks(s: TransferSection): SectionBlock[] {
  return s.legs.map((leg) => {
    const check = leg.checkPickup;
    const warning = check
      ? [
          check.instruction,
          check.hoursBefore !== undefined ? `Confírmela al menos ${check.hoursBefore} horas antes.` : '',
          check.url ? `Dónde: ${check.url}` : '',
        ]
          .filter(Boolean)
          .join(' ')
      : undefined;
    return {
      title: `${TRANSFER_DIRECTION_LABELS[leg.direction]}: ${leg.from} → ${leg.to}`,
      rows: rows(
        ['Recogida', [formatDate(leg.pickup.date), leg.pickup.time ?? (check ? 'hora por confirmar' : '')].filter(Boolean).join(' ')],
        ['Punto de recogida', leg.pickup.point],
        ['Vehículo', leg.vehicle],
        ['Servicio', leg.service],
        ['Pasajeros', leg.passengers],
        ['Vuelo o transporte', leg.transportNumber],
        ['Equipaje', leg.luggage],
      ),
      ...(warning ? { warning } : {}),
    };
  });
}

function flightBlocks(s: FlightSection): SectionBlock[] {
  const airport = (a: FlightSection['segments'][number]['from']) =>
    [a.code, a.name, a.terminal ? `Terminal ${a.terminal}` : ''].filter(Boolean).join(' · ');
  return [
    {
      title: 'Vuelo',
      rows: rows(['PNR', s.pnr], ['Localizador de la aerolínea', s.airlineLocator], ['Tarifa', s.fareBrand], ['Equipaje', s.baggage]),
    },
    ...s.segments.map((g, i) => ({
      title: `Tramo ${i + 1}: ${g.carrier} ${g.flightNumber} ${g.from.code} → ${g.to.code}`,
      rows: rows(
        ['Aerolínea', g.carrierName],
        ['Operado por', g.operatedBy],
        ['Salida', `${localDateTime(g.departure)} · ${airport(g.from)}`],
        ['Llegada', `${localDateTime(g.arrival)} · ${airport(g.to)}`],
        ['Cabina', [g.cabin, g.bookingClass ? `clase ${g.bookingClass}` : ''].filter(Boolean).join(' · ')],
        ['Equipaje', g.baggage],
      ),
    })),
    {
      title: 'Pasajeros',
      rows: s.passengers.map((p) => ({
        label: `${p.name} (${FLIGHT_PASSENGER_LABELS[p.type]})`,
        value: [p.ticketNumber ? `Tiquete ${p.ticketNumber}` : 'Tiquete por emitir', p.baggage].filter(Boolean).join(' · '),
      })),
    },
    ...(s.fareRules?.length ? [{ title: 'Reglas de la tarifa', rows: s.fareRules.map((r) => ({ label: r.name, value: r.text })) }] : []),
  ];
}

/** The section's blocks, then the emergency contact when known. */
export function sectionBlocks(s: VoucherSection): SectionBlock[] {
  const blocks =
    s.kind === 'hotel'
      ? hotelBlocks(s)
      : s.kind === 'ticket'
        ? ticketBlocks(s)
        : s.kind === 'transfer'
          ? transferBlocks(s)
          : flightBlocks(s);
  const c = s.emergencyContact;
  const contact = c ? rows(['Nombre', c.name], ['Teléfono', c.phone], ['Correo', c.email], ['Horario', c.hours]) : [];
  return contact.length ? [...blocks, { title: 'Contacto de emergencia', rows: contact }] : blocks;
}
