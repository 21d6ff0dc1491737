import {
  describePolicy,
  INVENTORY_MESSAGES,
  idParams,
  idSchema,
  inventoryDate,
  pageOf,
  pageQuery,
  TRANSFER_PRICE_MODE_LABELS,
  TRANSFER_TYPE_LABELS,
  ticketCapacityBody,
  ticketProductBody,
  transferCapacityBody,
  transferProductBody,
  VEHICLE_TYPE_LABELS,
} from '@travesia/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TransferProductRow } from '../../db/schema/index.js';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';
import { toTicketDto } from './ticket-presenter.js';

const listQuery = pageQuery(20, 100).extend({ q: z.string().trim().max(100).optional() });
const capacityQuery = z
  .object({ ticketId: idSchema, from: inventoryDate, to: inventoryDate })
  .refine((b) => b.to >= b.from, { error: INVENTORY_MESSAGES.endBeforeStart, path: ['to'] });
const transferCapacityQuery = z
  .object({ transferId: idSchema, from: inventoryDate, to: inventoryDate })
  .refine((b) => b.to >= b.from, { error: INVENTORY_MESSAGES.endBeforeStart, path: ['to'] });

export const toTransferDto = (t: TransferProductRow) => ({
  _id: t.id,
  name: t.name,
  originId: t.originId,
  destinationId: t.destinationId,
  type: t.type,
  typeLabel: TRANSFER_TYPE_LABELS[t.type],
  vehicle: t.vehicle,
  vehicleLabel: VEHICLE_TYPE_LABELS[t.vehicle],
  minPax: t.minPax,
  maxPax: t.maxPax,
  priceMode: t.priceMode,
  priceModeLabel: TRANSFER_PRICE_MODE_LABELS[t.priceMode],
  price: t.price,
  currency: t.currency,
  startHour: t.startHour,
  endHour: t.endHour,
  days: t.days,
  description: t.description,
  images: t.images,
  policy: t.policy,
  policyText: describePolicy(t.policy, t.currency),
  active: t.active,
});

/**
 * Own tickets and transfers: products and capacity (products:manage). Both are searched and booked
 * through the booking engine (`modules/booking/ticket` and `transfer`, decisions 0270, 0280, 0395).
 */
export function registerExtrasRoutes(app: FastifyInstance, services: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { inventoryExtras: extras } = services;
  const manage = { permission: 'products:manage' as const };
  const tags = ['product'];

  r.get('/api/product/ticket', { config: manage, schema: { tags, querystring: listQuery } }, async (req) => {
    const { page, limit, q } = req.query;
    const { rows, total } = await extras.listTickets(q, page, limit);
    return pageOf(
      rows.map((x) => toTicketDto(x.ticket, x.placeName, x.timeZone)),
      total,
      page,
      limit,
    );
  });
  r.get('/api/product/ticket/capacity', { config: manage, schema: { tags, querystring: capacityQuery } }, async (req) => {
    const { ticket, slots } = await extras.capacityCalendar(req.query.ticketId, req.query.from, req.query.to);
    return {
      ticket: await extras.ticketDto(ticket),
      slots: slots.map((s) => ({ day: s.day, session: s.session || null, capacity: s.capacity, stopSale: s.stopSale })),
    };
  });
  r.post('/api/product/ticket/capacity', { config: manage, schema: { tags, body: ticketCapacityBody } }, async (req) =>
    extras.setCapacity(req.body),
  );
  r.get('/api/product/ticket/:id', { config: manage, schema: { tags, params: idParams } }, async (req) =>
    extras.ticketDto(await extras.getTicket(req.params.id)),
  );
  r.post('/api/product/ticket', { config: manage, schema: { tags, body: ticketProductBody } }, async (req, reply) => {
    reply.status(201);
    return extras.ticketDto(await extras.createTicket(authOf(req), req.body));
  });
  r.put('/api/product/ticket/:id', { config: manage, schema: { tags, params: idParams, body: ticketProductBody } }, async (req) =>
    extras.ticketDto(await extras.updateTicket(req.params.id, req.body)),
  );

  r.get('/api/product/transfer', { config: manage, schema: { tags, querystring: listQuery } }, async (req) => {
    const { page, limit, q } = req.query;
    const { rows, total } = await extras.listTransfers(q, page, limit);
    return pageOf(rows.map(toTransferDto), total, page, limit);
  });
  r.get('/api/product/transfer/capacity', { config: manage, schema: { tags, querystring: transferCapacityQuery } }, async (req) => {
    const { transfer, days } = await extras.transferCapacityCalendar(req.query.transferId, req.query.from, req.query.to);
    return { transfer: toTransferDto(transfer), days: days.map((d) => ({ day: d.day, capacity: d.capacity, stopSale: d.stopSale })) };
  });
  r.post('/api/product/transfer/capacity', { config: manage, schema: { tags, body: transferCapacityBody } }, async (req) =>
    extras.setTransferCapacity(req.body),
  );
  r.get('/api/product/transfer/:id', { config: manage, schema: { tags, params: idParams } }, async (req) =>
    toTransferDto(await extras.getTransfer(req.params.id)),
  );
  r.post('/api/product/transfer', { config: manage, schema: { tags, body: transferProductBody } }, async (req, reply) => {
    reply.status(201);
    return toTransferDto(await extras.createTransfer(authOf(req), req.body));
  });
  r.put('/api/product/transfer/:id', { config: manage, schema: { tags, params: idParams, body: transferProductBody } }, async (req) =>
    toTransferDto(await extras.updateTransfer(req.params.id, req.body)),
  );
}
