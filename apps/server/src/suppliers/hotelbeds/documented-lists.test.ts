import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import type { SupplierRequest } from '../http/supplier-http.js';
import { HotelbedsActivityAdapter } from './activity-adapter.js';
import { HotelbedsTransferAdapter } from './transfer-adapter.js';

/**
 * Lost-reply look-ups of Hotelbeds activities and transfers through the documented booking lists
 * (fixtures H5, H6 in fixtures/README.md; docs/decisions/0182): never a list "by clientReference".
 */
const json = (name: string) => ({ body: fixture('hotelbeds', name), contentType: 'application/json' });

describe('hotelbeds activities: documented booking list', () => {
  function replay() {
    const http = new ReplayHttp((req: SupplierRequest) => {
      const path = new URL(req.url).pathname.replace(/^.*\/activity-api\/3\.0/, '');
      if (req.method === 'GET' && /^\/bookings\/[a-z]{2,3}$/.test(path)) return json('activities-bookings-list.response.json');
      if (req.method === 'GET' && /^\/bookings\/[a-z]{2,3}\/102-5120301$/.test(path))
        return json('activities-booking-detail.response.json');
      throw new Error(`no fixture for ${req.method} ${path}`);
    });
    return { http, adapter: new HotelbedsActivityAdapter(http, replayAccount('hotelbeds')) };
  }

  it('lists by service date with the documented filters, then reads the detail of our booking', async () => {
    const { http, adapter } = replay();
    const found = await adapter.findByClientReference('TVFIXTURE0002', { from: '2030-06-15', to: '2030-06-15' });
    expect(found).toMatchObject({
      ref: { locator: '102-5120301' },
      clientReference: 'TVFIXTURE0002',
      status: 'confirmed',
      total: { amount: '120.00', currency: 'EUR' },
      activity: { code: 'E-E10-PRADO' },
    });
    const list = new URL(http.sent[0].url);
    expect(list.pathname).toMatch(/\/activity-api\/3\.0\/bookings\/[a-z]{2,3}$/);
    expect(Object.fromEntries(list.searchParams)).toEqual({
      start: '2030-06-15',
      end: '2030-06-15',
      filterType: 'CHECKIN',
      includedCancelled: 'true',
      itemsPerPage: '100',
      page: '1',
    });
    expect(list.searchParams.has('clientReference')).toBe(false);
    expect(new URL(http.sent[1].url).pathname).toMatch(/\/bookings\/[a-z]{2,3}\/102-5120301$/);
  });

  it('answers null when our reference is not in the list (no detail read)', async () => {
    const { http, adapter } = replay();
    expect(await adapter.findByClientReference('TVNOTTHERE', { from: '2030-06-15', to: '2030-06-15' })).toBeNull();
    expect(http.sent).toHaveLength(1);
  });
});

describe('hotelbeds transfers: documented booking list', () => {
  function replay() {
    const http = new ReplayHttp((req: SupplierRequest) => {
      const path = new URL(req.url).pathname.replace(/^.*\/transfer-api\/1\.0/, '');
      if (req.method === 'GET' && /^\/bookings\/[a-z]{2,3}$/.test(path)) return json('transfers-bookings-list.response.json');
      throw new Error(`no fixture for ${req.method} ${path}`);
    });
    return { http, adapter: new HotelbedsTransferAdapter(http, replayAccount('hotelbeds')) };
  }

  it('lists by service date (FROM_DATE) with offset/limit and maps our booking', async () => {
    const { http, adapter } = replay();
    const found = await adapter.findByClientReference('TVFIXTURE0003', { from: '2030-06-15', to: '2030-06-15' });
    expect(found).toMatchObject({
      ref: { locator: '1-3955430' },
      clientReference: 'TVFIXTURE0003',
      status: 'confirmed',
      total: { amount: '54.30', currency: 'EUR' },
    });
    const list = new URL(http.sent[0].url);
    expect(Object.fromEntries(list.searchParams)).toEqual({
      fromDate: '2030-06-15',
      toDate: '2030-06-15',
      dateType: 'FROM_DATE',
      offset: '1',
      limit: '100',
    });
    expect(await adapter.findByClientReference('TVNOTTHERE', { from: '2030-06-15', to: '2030-06-15' })).toBeNull();
  });
});
