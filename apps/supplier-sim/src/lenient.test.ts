import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from './server.js';

/** Issue 14: the simulator is as lenient as the real servers where they are lenient. */
let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const zoneList = (envelopeNs: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelopeNs}" xmlns="http://www.juniper.es/webservice/2007/"><soap:Body><ZoneList><ZoneListRQ Version="1.1" Language="en"><Login Email="demo@agencia.test" Password="sandbox"/><ZoneListRequest ProductType="HOT"/></ZoneListRQ></ZoneList></soap:Body></soap:Envelope>`;

// fetch decompresses gzip itself.
const text = (res: Response) => res.text();

describe('lenient like the real servers', () => {
  it('Juniper: any casing of the path (a published client posts to /WebService/jp/operations/…)', async () => {
    for (const path of ['/WebService/jp/operations/staticdatatransactions.asmx', '/webservice/JP/OPERATIONS/StaticDataTransactions.asmx']) {
      const res = await fetch(`${sim.url}/juniper${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'text/xml;charset=UTF-8',
          'accept-encoding': 'gzip',
          soapaction: 'http://www.juniper.es/webservice/2007/ZoneList',
        },
        body: zoneList('http://schemas.xmlsoap.org/soap/envelope/'),
      });
      expect(res.status, path).toBe(200);
      expect(await text(res)).toContain('<ZoneListRS');
    }
  });

  it('Juniper: a SOAP 1.2 request is answered in SOAP 1.2; the WSDL is served', async () => {
    const res = await fetch(`${sim.url}/juniper/WebService/JP/WebServiceJP.asmx`, {
      method: 'POST',
      headers: { 'content-type': 'application/soap+xml; charset=utf-8', 'accept-encoding': 'gzip' },
      body: zoneList('http://www.w3.org/2003/05/soap-envelope'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/soap\+xml/);
    const body = await text(res);
    expect(body).toContain('http://www.w3.org/2003/05/soap-envelope');
    expect(body).not.toContain('http://schemas.xmlsoap.org/soap/envelope/');
    const wsdl = await (await fetch(`${sim.url}/juniper/webservice/jp/WebServiceJP.asmx?WSDL`)).text();
    expect(wsdl).toContain('wsdl:definitions');
    expect(wsdl).toContain('soapAction="http://www.juniper.es/webservice/2007/HotelAvail"');
    expect(wsdl).toContain('/juniper/webservice/JP/Operations/BookTransactions.asmx');
  });

  it('Juniper: the CancelBooking request recorded in a certification log is accepted as sent', async () => {
    const recorded = readFileSync(
      new URL('../../server/src/suppliers/juniper/fixtures/cancel-booking.request.xml', import.meta.url),
      'utf8',
    )
      .replace(/<!--[\s\S]*?-->/, '')
      .replace('user@mydomain.com', 'demo@agencia.test');
    const res = await fetch(`${sim.url}/juniper/webservice/JP/Operations/BookTransactions.asmx`, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml;charset=UTF-8',
        'accept-encoding': 'gzip',
        soapaction: 'http://www.juniper.es/webservice/2007/CancelBooking',
      },
      body: recorded,
    });
    const body = await text(res);
    // Unknown locator in our sandbox, answered in the documented BookingRS envelope.
    expect(body).toContain('<CancelBookingResponse');
    expect(body).toContain('<BookingRS');
    expect(body).toContain('BOOKING_NOT_FOUND');
  });

  it('Hotelbeds: a DELETE with Content-Type application/json and no body is accepted', async () => {
    const t = Math.floor(Date.now() / 1000);
    const sig = createHash('sha256').update(`ksandbox${t}`).digest('hex');
    const res = await fetch(`${sim.url}/hotelbeds/hotel-api/1.0/bookings/1-000000?cancellationFlag=SIMULATION`, {
      method: 'DELETE',
      headers: { 'api-key': 'k', 'x-signature': sig, 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(res.status).not.toBe(400);
    expect(res.status).not.toBe(415);
    expect(JSON.stringify(await res.json())).not.toMatch(/FST_ERR/);
  });

  it('TourVisio: JSON without a Content-Type is read as JSON', async () => {
    // A byte body: fetch adds no Content-Type at all.
    const res = await fetch(`${sim.url}/santsg/api/authenticationservice/login`, {
      method: 'POST',
      body: new TextEncoder().encode(JSON.stringify({ Agency: 'PXM25', User: 'demo', Password: 'sandbox' })),
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { header: { success: boolean }; body: { token?: string } };
    expect(json.header.success).toBe(true);
    expect(json.body.token).toBeTruthy();
  });

  it('Restel: parameters written directly under <peticion> (next to an empty <parametros/>) are read', async () => {
    const xml =
      '<?xml version="1.0" encoding="ISO-8859-1"?><peticion><tipo>401</tipo><parametros/><comprimido>2</comprimido><localizador_largo>99999999</localizador_largo><localizador_corto>1</localizador_corto></peticion>';
    const form = `codigousu=demo&clausu=sandbox&afiliacio=RS&secacc=sandbox&xml=${encodeURIComponent(xml)}`;
    const res = await fetch(`${sim.url}/restel/xml/listen_xml.jsp`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    const body = Buffer.from(await res.arrayBuffer()).toString('latin1');
    // Read as a cancellation of an unknown booking, not as a request without parameters.
    expect(body).toContain('<num_error>R01</num_error>');
  });
});
