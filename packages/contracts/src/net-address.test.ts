import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './net-address.js';
import { isAllowedHost } from './provider-account.js';

/** One address inside every entry of the IANA IPv4 and IPv6 special-purpose address registries, plus multicast. */
const SPECIAL = [
  // IPv4
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '169.254.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.1',
  '192.0.0.8',
  '192.0.0.9',
  '192.0.0.170',
  '192.0.2.10',
  '192.31.196.1',
  '192.52.193.1',
  '192.88.99.1',
  '192.168.1.1',
  '192.175.48.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '::7f00:1',
  '::127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b:1::1',
  '100::1',
  '2001::1',
  '2001:1::1',
  '2001:2::1',
  '2001:3::1',
  '2001:4:112::1',
  '2001:10::1',
  '2001:20::1',
  '2001:30::1',
  '2001:db8::1',
  '2002:7f00:1::1',
  '2620:4f:8000::1',
  '3fff::1',
  '5f00::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fe80::1%eth0',
  'fec0::1',
  'ff02::1',
  '::ffff:0:7f00:1',
];
const PUBLIC = ['8.8.8.8', '1.1.1.1', '52.95.110.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'];

describe('isPublicAddress (issue 12 #8)', () => {
  it.each(SPECIAL)('refuses the special-purpose address %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(PUBLIC)('accepts the public address %s', (ip) => expect(isPublicAddress(ip)).toBe(true));
  it('refuses what is not an address', () => {
    for (const x of ['', 'localhost', '127.1', '0x7f.0.0.1', '2130706433', '1.2.3', 'a::b::c']) expect(isPublicAddress(x)).toBe(false);
  });
});

describe('isAllowedHost', () => {
  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://169.254.169.254/latest/meta-data',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://100.100.100.200/',
    'http://[fd00:ec2::254]/',
    'http://localhost/',
    'http://localhost./',
    'http://api.localhost/',
    'http://printer.local/',
    'http://db.internal/',
    'https://xml.proveedor.com:22/',
    'https://xml.proveedor.com:6379/',
    'https://user:pw@xml.proveedor.com/',
    'ftp://xml.proveedor.com/',
    'gopher://xml.proveedor.com/',
  ])('refuses %s', (url) => expect(isAllowedHost(url)).toBe(false));

  it.each([
    'https://xml-uat.bookingengine.es',
    'http://xml.hotelresb2b.com',
    'https://api.hotelbeds.com/hotel-api',
    'https://xml.proveedor.com:8443/ws',
    'http://8.8.8.8:8080/',
    'https://[2606:4700:4700::1111]/',
  ])('accepts %s', (url) => expect(isAllowedHost(url)).toBe(true));
});
