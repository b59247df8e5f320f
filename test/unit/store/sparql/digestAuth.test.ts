import { expect } from 'chai';
import { digestAuthorization, parseDigestChallenge } from '../../../../src/store/sparql/digestAuth.js';

describe('digestAuth: what Virtuoso /sparql-auth asks for', () => {
  it('reads a challenge and answers it as RFC 2617 computes (no qop: the RFC 2069 form)', () => {
    const c = parseDigestChallenge(
      'Digest realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    )!;
    expect(c.realm).to.equal('testrealm@host.com');
    const header = digestAuthorization(c, { user: 'Mufasa', password: 'Circle Of Life' }, 'GET', '/dir/index.html', 1);
    // MD5(HA1:nonce:HA2), HA1 = MD5(Mufasa:testrealm@host.com:Circle Of Life), HA2 = MD5(GET:/dir/index.html)
    expect(header).to.contain('response="670fd8c2df070c60b045671b8b24ff02"');
    expect(header).to.contain('opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it('uses qop=auth with a nonce count when offered, and ignores a Basic challenge', () => {
    const c = parseDigestChallenge('Digest realm="r", nonce="n", qop="auth,auth-int"')!;
    expect(digestAuthorization(c, { user: 'u', password: 'p' }, 'POST', '/sparql-auth', 3)).to.match(
      /qop=auth, nc=00000003, cnonce="[0-9a-f]{16}"/,
    );
    expect(parseDigestChallenge('Basic realm="r"')).to.equal(undefined);
  });
});
