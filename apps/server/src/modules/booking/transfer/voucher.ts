import type { TransferReserveBody, TransferSection } from '@travesia/contracts';
import type { TransferPoint } from '../../../suppliers/index.js';
import type { CachedTransferQuote } from './reserve.js';

const pointName = (p: TransferPoint) => p.description?.trim() || `${p.type} ${p.code}`;

/**
 * The voucher's transfer section, one block per leg, as recorded before the supplier is called:
 * pickup date and time — or, when the supplier flags it (`checkPickup`), the instruction to confirm
 * it —, the meeting point, vehicle, service, passengers, transport number.
 */
export function transferSection(qs: CachedTransferQuote[], body: TransferReserveBody): TransferSection {
  const c = qs[0].criteria;
  return {
    kind: 'transfer',
    legs: qs.map((q, i) => {
      const o = q.option.offer;
      const details = q.quote.pickupDetails ?? o.pickupDetails;
      const check = details?.checkPickup?.mustCheckPickupTime ? details.checkPickup : null;
      const point = [details?.description, details?.address].filter(Boolean).join(' · ').slice(0, 500);
      const transport = body.legs[i]?.transport;
      return {
        direction: (o.leg ?? 'outbound') === 'return' ? 'return' : 'outbound',
        from: pointName(o.pickup.from).slice(0, 300),
        to: pointName(o.pickup.to).slice(0, 300),
        pickup: { date: o.pickup.date, ...(check ? {} : { time: o.pickup.time.slice(0, 5) }), ...(point ? { point } : {}) },
        ...(check
          ? {
              checkPickup: {
                instruction: 'La hora de recogida debe confirmarse con el proveedor antes del servicio.',
                ...(check.url ? { url: check.url } : {}),
                ...(check.hoursBeforeConsulting !== null ? { hoursBefore: check.hoursBeforeConsulting } : {}),
              },
            }
          : {}),
        vehicle: `${o.vehicle}${o.category ? ` · ${o.category}` : ''}`.slice(0, 100),
        service: o.transferType === 'PRIVATE' ? 'Privado' : 'Compartido',
        passengers: c.adults + c.childrenAges.length,
        ...(transport?.code ? { transportNumber: transport.code.slice(0, 20) } : {}),
        ...(o.luggage ? { luggage: o.luggage.slice(0, 200) } : {}),
      };
    }),
  };
}
