import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RecordVoucherInput } from '../src/modules/voucher/service.js';

/** Records a voucher through the service the booking flow uses; every field can be overridden. */
export async function makeVoucher(app: FastifyInstance, over: Partial<RecordVoucherInput> & Pick<RecordVoucherInput, 'agencyId'>) {
  const input: RecordVoucherInput = {
    userId: null,
    type: 'hotel',
    integrator: 'travesia',
    provider: 'travesia',
    status: 'confirmed',
    start: '2030-06-10',
    end: '2030-06-13',
    client: { name: 'Laura', surname: 'Restrepo', email: `cliente-${randomUUID().slice(0, 6)}@test.example` },
    price: { gross: '1200.00', currency: 'USD' },
    cost: { net: '1000.00', currency: 'USD' },
    payments: { client: { amount: '1200.00', currency: 'USD', method: 'card' }, payableAtHotel: { amount: '30.00', currency: 'USD' } },
    policies: [{ from: '2030-06-01T00:00:00Z', percent: '50', currency: 'USD' }],
    product: { name: 'Hotel Caribe Real', destination: 'Cartagena', board: 'Desayuno', rooms: [{ name: 'Doble estándar', adults: 2 }] },
    ...over,
  };
  const { voucher, approvalKey } = await app.services.vouchers.record(input);
  return { voucher, approvalKey };
}
