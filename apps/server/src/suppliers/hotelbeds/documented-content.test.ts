import { describe, expect, it } from 'vitest';
import { fixture, ReplayHttp, replayAccount } from '../../../test/replay-http.js';
import { caught } from '../../../test/supplier-harness.js';
import { HotelbedsHotelAdapter } from './hotel-adapter.js';
import { HOTELBEDS_PHOTOS } from './hotel-content.js';

/**
 * Hotelbeds' Content API `/hotels` in its documented shape (fixtures/content-hotels.response.json, sources
 * C1–C3 in fixtures/README.md) replayed through the hotel adapter's `hotelContent`.
 */
function replay(body = fixture('hotelbeds', 'content-hotels.response.json'), status = 200) {
  const http = new ReplayHttp(() => ({ body, status, contentType: 'application/json' }));
  return {
    http,
    adapter: new HotelbedsHotelAdapter(
      http,
      replayAccount('hotelbeds', { settings: { currency: 'EUR', nationality: 'ES', language: 'es' } }),
    ),
  };
}

describe('hotelbeds Content API (documented reply)', () => {
  it('asks the hotels by code with the fields it reads, in Spanish, signed like the Booking API', async () => {
    const { http, adapter } = replay();
    await adapter.hotelContent(['124294', '6808', 'JP046000']);
    expect(http.sent).toHaveLength(1);
    const url = new URL(http.sent[0].url);
    expect(http.sent[0].method).toBe('GET');
    expect(url.pathname).toBe('/hotelbeds/hotel-content-api/1.0/hotels');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      codes: '124294,6808',
      fields: 'code,name,description,coordinates,address,city,categoryCode,images',
      language: 'CAS',
      useSecondaryLanguage: 'true',
      from: '1',
      to: '2',
    });
    expect(http.sent[0].headers?.['api-key']).toBeTruthy();
    expect(http.sent[0].headers?.['x-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('maps name, category, address, position, description and the photos on the CDN, general views first', async () => {
    const { adapter } = replay();
    const [belvedere, bare] = await adapter.hotelContent(['124294', '6808']);
    expect(belvedere).toEqual({
      code: '124294',
      name: 'Belvedere Hotel',
      category: '4EST',
      address: '319 West 48th Street',
      description: 'Hotel de 4 estrellas en el centro de Manhattan, a pocos pasos de Times Square.',
      location: { lat: 40.7617463, lng: -73.9881946 },
      images: [
        `${HOTELBEDS_PHOTOS}12/124294/124294a_hb_a_001.jpg`,
        `${HOTELBEDS_PHOTOS}12/124294/124294a_hb_a_003.jpg`,
        `${HOTELBEDS_PHOTOS}12/124294/124294a_hb_ro_016.jpg`,
        `${HOTELBEDS_PHOTOS}12/124294/124294a_hb_p_005.jpg`,
        `${HOTELBEDS_PHOTOS}12/124294/124294a_hb_r_002.jpg`,
      ],
    });
    // No coordinates and no images: neither is invented.
    expect(bare).toEqual({ code: '6808', name: 'Hotel Sin Fotos', category: '3EST', address: 'Carrer de Prova, 1', description: '' });
  });

  it('in sandbox the photos are on the simulator, under the same CDN layout', async () => {
    const http = new ReplayHttp(() => ({ body: fixture('hotelbeds', 'content-hotels.response.json'), contentType: 'application/json' }));
    const adapter = new HotelbedsHotelAdapter(
      http,
      replayAccount('hotelbeds', { mode: 'sandbox', baseUrl: 'http://127.0.0.1:3900/hotelbeds' }),
    );
    const [belvedere] = await adapter.hotelContent(['124294']);
    expect(belvedere.images?.[0]).toBe('http://127.0.0.1:3900/hotelbeds/giata/12/124294/124294a_hb_a_001.jpg');
  });

  it('drops a path that could leave the CDN, and turns a broken reply into our error', async () => {
    const tampered = JSON.parse(fixture('hotelbeds', 'content-hotels.response.json'));
    tampered.hotels[0].images = [
      { imageTypeCode: 'GEN', path: '../../evil.example/x.jpg' },
      { imageTypeCode: 'GEN', path: '//evil.example/x.jpg' },
    ];
    const [h] = await replay(JSON.stringify(tampered)).adapter.hotelContent(['124294']);
    expect(h.images).toBeUndefined();
    const err = await caught(() => replay('<html>oops</html>').adapter.hotelContent(['124294']));
    expect(err.code).toBe('SUPPLIER_BAD_RESPONSE');
  });
});
