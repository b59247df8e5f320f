/**
 * Which addresses a harvest may connect to. A feed is someone else's text: an id in it naming
 * `http://127.0.0.1:...`, a private network or the link-local metadata address (169.254.169.254)
 * would make the harvester a way into the machine's own network. Such addresses are refused
 * unless the operator allowed them: all (--allow-private-addresses), or those of an origin named
 * with --allow-origin. The check is on the ADDRESS a name resolves to, made in the connection's
 * own lookup, so the address checked is the one connected to (no DNS rebinding in between),
 * and again on every redirect hop (each hop is a new connection).
 */
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';

export interface AddressPolicy {
  /** Every address allowed (--allow-private-addresses). */
  readonly allowPrivateAddresses: boolean;
  /** Origins whose addresses are allowed whatever they are (--allow-origin): the operator vouches for them. */
  readonly trustedOrigins: ReadonlySet<string>;
}

/** The default: public addresses only. */
export const PUBLIC_ONLY: AddressPolicy = { allowPrivateAddresses: false, trustedOrigins: new Set() };

/** A connection the policy refuses: not retried (the address will not change by asking again). */
export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressRefused';
  }
}

/** Ranges that are not the open internet, each with its name in the refusal. */
const RANGES: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.0.0.0', 24, 'ipv4', 'a reserved (IETF protocol) address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['198.18.0.0', 15, 'ipv4', 'a benchmarking address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address'],
  ['::', 128, 'ipv6', 'the unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['::', 96, 'ipv6', 'a reserved (IPv4-compatible) address'],
  ['fc00::', 7, 'ipv6', 'a unique local (private) address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const blocks = RANGES.map(([network, prefix, family, name]) => {
  const list = new net.BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, name };
});

/** What kind of address this is when it is not a public one (undefined: public). */
export function nonPublicKind(address: string): string | undefined {
  let family: 'ipv4' | 'ipv6' = net.isIPv4(address) ? 'ipv4' : 'ipv6';
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, or ::ffff:7f00:1 as URLs write it) is that IPv4 address.
  const mapped = ipv4Mapped(address);
  if (mapped) {
    address = mapped;
    family = 'ipv4';
  }
  return blocks.find((b) => b.family === family && b.list.check(address, family))?.name;
}

/** The IPv4 address an IPv4-mapped IPv6 address stands for, in either spelling. */
function ipv4Mapped(address: string): string | undefined {
  const dotted = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Why this address may not be connected to for this URL, or undefined when it may. */
function refusal(url: URL, hostname: string, address: string, policy: AddressPolicy): string | undefined {
  if (policy.allowPrivateAddresses || policy.trustedOrigins.has(url.origin)) return undefined;
  const kind = nonPublicKind(address);
  if (!kind) return undefined;
  const where = hostname === address ? address : `${hostname} resolves to ${address}`;
  return `${where}, ${kind}: refused (allow it with --allow-origin ${url.origin} or --allow-private-addresses)`;
}

/** Checks a URL whose host is an address itself (no lookup is made for one): throws AddressRefused. */
export function checkLiteralAddress(url: URL, policy: AddressPolicy): void {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host) === 0) return;
  const why = refusal(url, host, host, policy);
  if (why) throw new AddressRefused(why);
}

/** The lookup a connection to `url` makes: the name resolved, every address checked, the checked ones used. */
export function guardedLookup(url: URL, policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      for (const { address } of addresses) {
        const why = refusal(url, hostname, address, policy);
        if (why) {
          callback(new AddressRefused(why), '', 0);
          return;
        }
      }
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
