import { expect } from 'chai';
import type { LookupAddress } from 'node:dns';
import {
  AddressRefused,
  checkLiteralAddress,
  guardedLookup,
  nonPublicKind,
  PUBLIC_ONLY,
} from '../../../src/harvest/addressGuard.js';

/** The guarded lookup of `url`'s host, as a connection makes it (all addresses). */
function lookup(url: string, policy = PUBLIC_ONLY): Promise<LookupAddress[]> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    guardedLookup(target, policy)(target.hostname, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses as unknown as LookupAddress[]);
    });
  });
}

describe('Harvest: the addresses a harvest may connect to', () => {
  it('names loopback, private, link-local, unspecified, unique local and mapped addresses; passes public ones', () => {
    expect(nonPublicKind('127.0.0.1')).to.equal('a loopback address');
    expect(nonPublicKind('10.1.2.3')).to.equal('a private address');
    expect(nonPublicKind('172.16.0.1')).to.equal('a private address');
    expect(nonPublicKind('172.31.255.255')).to.equal('a private address');
    expect(nonPublicKind('192.168.1.1')).to.equal('a private address');
    expect(nonPublicKind('169.254.169.254')).to.equal('a link-local address');
    expect(nonPublicKind('0.0.0.0')).to.match(/unspecified/);
    expect(nonPublicKind('::1')).to.equal('a loopback address');
    expect(nonPublicKind('::')).to.equal('the unspecified address');
    expect(nonPublicKind('fd12:3456::1')).to.match(/unique local/);
    expect(nonPublicKind('fe80::1')).to.equal('a link-local address');
    expect(nonPublicKind('::ffff:127.0.0.1')).to.equal('a loopback address');
    expect(nonPublicKind('::ffff:169.254.169.254')).to.equal('a link-local address');
    // As URLs write them: [::ffff:127.0.0.1] is http://[::ffff:7f00:1]/.
    expect(nonPublicKind(new URL('http://[::ffff:127.0.0.1]/').hostname.slice(1, -1))).to.equal('a loopback address');
    expect(nonPublicKind('0:0:0:0:0:ffff:a9fe:a9fe')).to.equal('a link-local address');
    expect(nonPublicKind('::7f00:1')).to.match(/IPv4-compatible/);
    for (const open of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111'])
      expect(nonPublicKind(open), open).to.equal(undefined);
  });

  it('an address in the URL itself is checked without a lookup; brackets of IPv6 taken off', () => {
    expect(() => checkLiteralAddress(new URL('http://169.254.169.254/latest/meta-data/'), PUBLIC_ONLY)).to.throw(
      AddressRefused,
      /169\.254\.169\.254, a link-local address: refused/,
    );
    expect(() => checkLiteralAddress(new URL('http://[::1]:8080/x'), PUBLIC_ONLY)).to.throw(
      AddressRefused,
      /::1, a loopback address/,
    );
    expect(() => checkLiteralAddress(new URL('http://[::ffff:127.0.0.1]:8080/x'), PUBLIC_ONLY)).to.throw(
      AddressRefused,
      /a loopback address/,
    );
    expect(() => checkLiteralAddress(new URL('http://2130706433/x'), PUBLIC_ONLY)).to.throw(
      AddressRefused,
      /127\.0\.0\.1, a loopback address/,
    );
    expect(() => checkLiteralAddress(new URL('https://93.184.216.34/x'), PUBLIC_ONLY)).to.not.throw();
  });

  it('a name resolving to a loopback address is refused in the lookup the connection makes; allowed for a trusted origin or with private addresses allowed', async () => {
    const error = await lookup('http://localhost:8080/feed').catch((e: Error) => e);
    expect(error).to.be.instanceOf(AddressRefused);
    expect((error as Error).message).to.match(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address: refused \(allow it with --allow-origin http:\/\/localhost:8080 or --allow-private-addresses\)/,
    );
    expect(
      await lookup('http://localhost:8080/feed', {
        allowPrivateAddresses: false,
        trustedOrigins: new Set(['http://localhost:8080']),
      }),
    ).to.not.be.empty;
    expect(await lookup('http://localhost:8080/feed', { allowPrivateAddresses: true, trustedOrigins: new Set() })).to
      .not.be.empty;
    // Trusting one origin trusts no other port on that host.
    expect(
      await lookup('http://localhost:9090/', {
        allowPrivateAddresses: false,
        trustedOrigins: new Set(['http://localhost:8080']),
      }).catch((e: Error) => e),
    ).to.be.instanceOf(AddressRefused);
  });
});
