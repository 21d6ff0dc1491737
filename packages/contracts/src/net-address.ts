import ipaddr from 'ipaddr.js';

/**
 * Which network addresses a supplier host typed by a user may reach (issue 12 #8, decision 0143):
 * public unicast only. ipaddr.js classifies every entry of the IANA IPv4 and IPv6 special-purpose
 * registries (loopback, unspecified, private, carrier-grade NAT, link-local with 169.254.169.254,
 * multicast, broadcast, reserved and documentation ranges, benchmarking, AS112, AMT, unique-local,
 * site-local, discard, NAT64, 6to4, Teredo, ORCHID, segment routing); IPv4-mapped IPv6 addresses are
 * judged as the IPv4 they carry, and IPv6 outside global unicast (2000::/3) — such as the deprecated
 * IPv4-compatible ::a.b.c.d — is refused.
 */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(text)) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(text);
  } catch {
    return false;
  }
  if (ip.kind() === 'ipv4') {
    // ipaddr accepts legacy forms ('127.1', '0x7f.1'); only the dotted quad is an address here.
    if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !text.includes(':')) return false;
    return ip.range() === 'unicast';
  }
  const v6 = ip as ipaddr.IPv6;
  return v6.range() === 'unicast' && v6.match(ipaddr.IPv6.parse('2000::'), 3);
}

/** True when `host` (a URL hostname, with or without brackets) is an IP literal rather than a name. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, ''));
}

/** The only ports a user-typed supplier host may use: HTTP and HTTPS and their usual alternates (decision 0143). */
export const SUPPLIER_HOST_PORTS: ReadonlySet<number> = new Set([80, 443, 8080, 8443]);

/** The port a URL reaches, its scheme's default when it names none. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}
