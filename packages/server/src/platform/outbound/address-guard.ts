import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import { badRequest } from '../errors/app-error.ts';

/** Addresses an outbound call (push endpoint, webhook) must never reach (SSRF): private, loopback, link-local, shared, reserved, multicast. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  ['64:ff9b:1::', 48],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The IPv4 address inside an IPv4-mapped or NAT64 IPv6 address, else the address itself. */
function unwrap(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const n = (parseInt(hexMapped[1]!, 16) << 16) | parseInt(hexMapped[2]!, 16);
    return { address: [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), family: 'ipv4' };
  }
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

/** May an outbound request go to this IP? Public addresses always; loopback only with the test switch. */
export function addressAllowed(ip: string, allowLoopback: boolean): boolean {
  const { address, family } = unwrap(ip);
  if (allowLoopback && LOOPBACK.check(address, family)) return true;
  return !NOT_PUBLIC.check(address, family);
}

const lookupAll = promisify(dnsLookup);

/** How an outbound URL is named in a refusal: the request field, and what it must be. */
export interface TOutboundTarget {
  /** The request field the URL came in (`endpoint`, `url`). */
  field: string;
  /** What the URL must point at, as the refusal says it ("a public push service"). */
  mustBe: string;
}

/**
 * Checks a URL the server will call later (a push endpoint, a webhook) before it is stored: an
 * `https:` URL whose host resolves only to public addresses. With `allowInsecure`
 * (ALLOW_INSECURE_OUTBOUND, tests) loopback hosts are allowed, over http too. Throws a 400
 * naming the field and the problem.
 */
export async function checkOutboundUrl(
  target: TOutboundTarget,
  value: string,
  allowInsecure: boolean,
  lookup: typeof lookupAll = lookupAll,
): Promise<void> {
  const { field } = target;
  if (!URL.canParse(value)) throw badRequest(`${field}: must be a URL`);
  const url = new URL(value);
  if (url.username || url.password) throw badRequest(`${field}: must not carry a user name or password`);
  const httpsOnly = badRequest(`${field}: must be an https URL`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowInsecure)) throw httpsOnly;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = ((await lookup(host, { all: true, verbatim: true })) as LookupAddress[]).map((a) => a.address);
    } catch {
      throw badRequest(`${field}: the host ${host} could not be resolved`);
    }
  }
  const loopbackOnly = addresses.length > 0 && addresses.every((a) => LOOPBACK.check(unwrap(a).address, unwrap(a).family));
  if (url.protocol === 'http:' && !loopbackOnly) throw httpsOnly;
  if (addresses.length === 0 || !addresses.every((a) => addressAllowed(a, allowInsecure))) {
    throw badRequest(`${field}: must be ${target.mustBe} (it resolves to a private, loopback or link-local address)`);
  }
}

/** Thrown (as a connection error, code EOUTBOUNDADDRESS) when a host resolves only to addresses an outbound call must not reach. */
export const REFUSED_ADDRESS = 'EOUTBOUNDADDRESS';

/**
 * A `lookup` for outbound agents that refuses non-public addresses at connection time, so a host
 * that resolved to a public address when its URL was stored cannot be re-pointed at an internal
 * one later (DNS rebinding). An IP literal is never looked up: check it with `addressAllowed`.
 */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = (addresses as unknown as LookupAddress[]).filter((a) => addressAllowed(a.address, allowLoopback));
      if (list.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: REFUSED_ADDRESS });
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
