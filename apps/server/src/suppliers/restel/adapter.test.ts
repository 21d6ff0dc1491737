import { describeHotelContract } from '../../../test/hotel-contract.js';
import { inDays } from '../../../test/supplier-harness.js';

/** Contract: the Restel adapter against the simulator (form POST, ISO-8859-1). Two rooms, a child. */
describeHotelContract('restel', {
  checkIn: inDays(35),
  checkOut: inDays(38),
  destination: 'COBOL',
  rooms: [
    { adults: 2, childrenAges: [6] },
    { adults: 2, childrenAges: [] },
  ],
});
