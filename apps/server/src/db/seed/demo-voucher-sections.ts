import type { VoucherSection, VoucherType } from '@travesia/contracts';

/**
 * The section (contracts voucher-sections.ts) of a demo ticket, transfer or flight voucher, so the
 * demo shows what each kind's voucher looks like. Derived from values the seed already drew and the
 * row's sequence number only: it draws no random number, so the rest of the demo data is unchanged.
 */
export function demoSection(
  type: VoucherType,
  d: { seq: number; name: string; destination: string; hotel: string; start: string; end: string; adults: number; holder: string },
): VoucherSection | undefined {
  const i = d.seq;
  if (type === 'ticket')
    return {
      kind: 'ticket',
      activity: d.name,
      modality: ['Entrada general', 'Tour guiado con almuerzo', 'Acceso prioritario'][i % 3],
      destination: d.destination,
      date: d.start,
      session: ['09:00', '10:30', '14:00'][i % 3],
      language: ['Español', 'Inglés'][i % 2],
      meetingPoint: { description: 'Recepción del hotel, 15 minutos antes de la hora de la sesión', address: d.hotel },
      participants: { adults: d.adults, children: 0 },
      emergencyContact: { name: 'Operador local', phone: '+57 601 555 0100', hours: '24 horas' },
    };
  if (type === 'transfer') {
    const airport = `Aeropuerto de ${d.destination.split(',')[0]}`;
    return {
      kind: 'transfer',
      legs: [
        {
          direction: 'outbound',
          from: airport,
          to: d.hotel,
          pickup: {
            date: d.start,
            time: ['10:15', '13:40', '18:05'][i % 3],
            point: 'Salida de llegadas internacionales, con un letrero a nombre del titular',
          },
          vehicle: d.adults > 2 ? 'Van' : 'Sedán',
          service: 'Privado',
          passengers: d.adults,
          transportNumber: `AV ${100 + (i % 800)}`,
        },
        {
          direction: 'return',
          from: d.hotel,
          to: airport,
          pickup: { date: d.end },
          checkPickup: { instruction: 'La hora de recogida se confirma con el proveedor antes del viaje.', hoursBefore: 48 },
          vehicle: d.adults > 2 ? 'Van' : 'Sedán',
          service: 'Privado',
          passengers: d.adults,
          transportNumber: `AV ${101 + (i % 800)}`,
        },
      ],
      emergencyContact: { name: 'Central de traslados', phone: '+57 601 555 0199', hours: '24 horas' },
    };
  }
  if (type === 'flight') {
    const [from, to] = d.name.split(' - ');
    const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
    const pnr = Array.from({ length: 6 }, (_, k) => letters[(i * 7 + k * 11) % letters.length]).join('');
    return {
      kind: 'flight',
      pnr,
      segments: [
        {
          carrier: 'AV',
          flightNumber: String(200 + (i % 700)),
          from: { code: from, terminal: '1' },
          to: { code: to },
          departure: `${d.start}T08:15`,
          arrival: `${d.start}T12:40`,
          cabin: 'Económica',
        },
      ],
      passengers: [{ name: d.holder, type: 'adult', ticketNumber: `134-${String(1_000_000_000 + i).padStart(10, '0')}` }],
      baggage: '1 maleta de 23 kg en bodega',
    };
  }
  return undefined;
}
