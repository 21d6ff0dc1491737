import {
  availabilityBulkBody,
  calendarQuery,
  hotelAvailBody,
  hotelProductBody,
  idParams,
  idSchema,
  pageOf,
  pageQuery,
  roomTypeBody,
  TICKET_CHECK_IN_MESSAGES,
  ticketCalendarAnswerSchema,
  ticketCalendarQuery,
  ticketCheckInAnswerSchema,
  ticketCheckInBody,
} from '@travesia/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.js';
import type { Services } from '../../services.js';
import { registerCatalogueRoutes } from './catalogue-routes.js';
import { registerExtrasRoutes } from './extras-routes.js';
import { toDayDto, toHotelDto, toOfferDto, toRoomTypeDto } from './presenter.js';

const listQuery = pageQuery(20, 100).extend({
  q: z.string().trim().max(100).optional(),
  place: idSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
});
const roomTypeParams = z.object({ id: idSchema, roomTypeId: idSchema });

/**
 * Own-inventory hotels: products and availability (products:manage), travesia search (search:use; booking goes through
 * the hotel flow's reserve); own tickets' day picker (search:use) and check-in at the entrance (vouchers:read).
 */
export const inventoryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { inventory } = services;
  const manage = { permission: 'products:manage' as const };
  const use = { permission: 'search:use' as const };
  const tags = ['product'];

  app.get('/api/product/hotel', { config: manage, schema: { tags, querystring: listQuery } }, async (req) => {
    const { page, limit, q, place, active } = req.query;
    const { rows, total } = await inventory.list(
      { q, placeId: place, active: active === undefined ? undefined : active === 'true' },
      page,
      limit,
    );
    return pageOf(
      rows.map((r) => toHotelDto(r.hotel, { placeName: r.placeName, placeAncestors: r.placeAncestors })),
      total,
      page,
      limit,
    );
  });

  app.get('/api/product/hotel/:id', { config: manage, schema: { tags, params: idParams } }, async (req) => {
    const { hotel, roomTypes } = await inventory.get(req.params.id);
    return toHotelDto(hotel, { roomTypes });
  });

  app.post('/api/product/hotel', { config: manage, schema: { tags, body: hotelProductBody } }, async (req, reply) => {
    const { hotel, roomTypes } = await inventory.create(authOf(req), req.body);
    reply.status(201);
    return toHotelDto(hotel, { roomTypes });
  });

  app.put('/api/product/hotel/:id', { config: manage, schema: { tags, params: idParams, body: hotelProductBody } }, async (req) => {
    const { hotel, roomTypes } = await inventory.update(req.params.id, req.body);
    return toHotelDto(hotel, { roomTypes });
  });

  app.post(
    '/api/product/hotel/:id/room-type',
    { config: manage, schema: { tags, params: idParams, body: roomTypeBody } },
    async (req, reply) => {
      const row = await inventory.addRoomType(req.params.id, req.body);
      reply.status(201);
      return toRoomTypeDto(row);
    },
  );

  app.put(
    '/api/product/hotel/:id/room-type/:roomTypeId',
    { config: manage, schema: { tags, params: roomTypeParams, body: roomTypeBody } },
    async (req) => toRoomTypeDto(await inventory.updateRoomType(req.params.id, req.params.roomTypeId, req.body)),
  );

  app.delete(
    '/api/product/hotel/:id/room-type/:roomTypeId',
    { config: manage, schema: { tags, params: roomTypeParams } },
    async (req, reply) => {
      await inventory.deleteRoomType(req.params.id, req.params.roomTypeId);
      reply.status(204);
    },
  );

  app.post('/api/product/hotel/avail/bulk', { config: manage, schema: { tags, body: availabilityBulkBody } }, async (req) =>
    inventory.bulkEdit(req.body),
  );

  app.get('/api/product/hotel/avail/calendar', { config: manage, schema: { tags, querystring: calendarQuery } }, async (req) => {
    const { roomType, days } = await inventory.calendar(req.query.roomTypeId, req.query.from, req.query.to);
    return { roomType: toRoomTypeDto(roomType), days: days.map(toDayDto) };
  });

  app.post('/api/hotel/travesia/avail', { config: use, schema: { tags: ['search'], body: hotelAvailBody } }, async (req) => {
    const auth = authOf(req);
    const r = await inventory.search(auth, req.body);
    return {
      success: true,
      response: {
        lowestPrice: r.lowestPrice,
        highestPrice: r.highestPrice,
        itemsFound: r.itemsFound,
        expires: r.expires,
        dropped: r.dropped,
        notes: r.notes,
        items: r.items.map((i) => ({
          ...toHotelDto(i.hotel, { placeName: i.placeName, placeAncestors: i.placeAncestors }),
          provider: 'travesia',
          minPrice: { amount: i.offers[0].pricing.price, currency: i.offers[0].pricing.currency },
          options: i.offers.map((o) => toOfferDto(o, auth.user.type)),
        })),
      },
    };
  });

  registerExtrasRoutes(app, services);
  registerCatalogueRoutes(app, services);

  // The own tickets' operating days of a place, for the activity-day picker (decision 0440).
  app.get(
    '/api/ticket/travesia/calendar',
    { config: use, schema: { tags: ['ticket'], querystring: ticketCalendarQuery, response: { 200: ticketCalendarAnswerSchema } } },
    async (req) => ({ success: true as const, response: await services.ticketCalendar.days(authOf(req), req.query) }),
  );

  // The own ticket's QR checked in at the entrance, once (decision 0360): any user who may see the voucher.
  app.post(
    '/api/ticket/check-in',
    {
      config: { permission: 'vouchers:read' },
      schema: { tags: ['ticket'], body: ticketCheckInBody, response: { 200: ticketCheckInAnswerSchema } },
    },
    async (req) => ({
      success: true as const,
      msg: TICKET_CHECK_IN_MESSAGES.done,
      response: await services.ticketCheckIn.checkIn(authOf(req), req.body.code),
    }),
  );
};
