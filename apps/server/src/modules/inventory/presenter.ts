import { describePolicy, HOTEL_CATEGORY_LABELS, type UserType } from '@travesia/contracts';
import type { HotelInventoryRow, HotelProductRow, HotelRoomTypeRow } from '../../db/schema/index.js';
import { breakdownFor } from '../../pricing/index.js';
import type { OwnHotelOffer } from './service.js';

export const toRoomTypeDto = (r: HotelRoomTypeRow) => ({
  _id: r.id,
  hotelId: r.hotelId,
  name: r.name,
  maxAdults: r.maxAdults,
  maxChildren: r.maxChildren,
  childAgeLimit: r.childAgeLimit,
  beds: r.beds,
  features: r.features,
  active: r.active,
});

export const toHotelDto = (
  h: HotelProductRow,
  extra: { roomTypes?: HotelRoomTypeRow[]; placeName?: string; placeAncestors?: string[] } = {},
) => ({
  _id: h.id,
  name: h.name,
  placeId: h.placeId,
  placeName: extra.placeName,
  placeAncestors: extra.placeAncestors,
  address: h.address,
  lat: h.lat,
  lng: h.lng,
  stars: h.stars,
  category: h.category,
  categoryLabel: HOTEL_CATEGORY_LABELS[h.category],
  description: h.description,
  amenities: h.amenities,
  images: h.images,
  checkInHour: h.checkInHour,
  checkOutHour: h.checkOutHour,
  currency: h.currency,
  boards: h.boards,
  policy: h.policy,
  policyText: describePolicy(h.policy, h.currency),
  active: h.active,
  createdAt: h.createdAt.toISOString(),
  updatedAt: h.updatedAt.toISOString(),
  ...(extra.roomTypes ? { roomTypes: extra.roomTypes.map(toRoomTypeDto) } : {}),
});

export const toDayDto = (d: HotelInventoryRow) => ({
  day: d.day,
  allotment: d.allotment,
  price1: d.price1,
  price2: d.price2,
  price3: d.price3,
  priceExtraAdult: d.priceExtraAdult,
  priceChild: d.priceChild,
  boardSupplements: d.boardSupplements,
  minNights: d.minNights,
  stopSale: d.stopSale,
  closedToArrival: d.closedToArrival,
});

/** An option as the viewer may see it: the net cost and the breakdown only as far as their type allows. */
export function toOfferDto(o: OwnHotelOffer, viewer: UserType) {
  const pricing = breakdownFor(viewer, o.pricing);
  const seesCost = pricing.cost !== null;
  return {
    token: o.token.value,
    expiresAt: o.token.expiresAt,
    roomTypeId: o.supplierData.roomTypeId,
    roomName: o.rooms[0]?.name ?? '',
    rooms: o.rooms,
    board: o.board,
    checkIn: o.checkIn,
    checkOut: o.checkOut,
    price: { amount: o.pricing.price, currency: o.pricing.currency },
    ...(seesCost ? { cost: o.total, perNight: o.supplierData.perNight } : {}),
    pricing,
    cancellation: o.cancellation,
    policyText: o.policyText,
    availability: o.availability,
  };
}
