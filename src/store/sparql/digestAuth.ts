/**
 * HTTP Digest authentication (RFC 7616, MD5 with qop=auth), the one Virtuoso's `/sparql-auth`
 * asks for. Basic is sent first; a Digest challenge switches the client to this.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface DigestChallenge {
  readonly realm: string;
  readonly nonce: string;
  readonly opaque?: string;
  readonly qop?: string;
  readonly algorithm?: string;
}

/** The Digest challenge of a WWW-Authenticate header, or undefined when it offers none. */
export function parseDigestChallenge(header: string | null): DigestChallenge | undefined {
  if (!header || !/^\s*Digest\s/i.test(header)) return undefined;
  const params: Record<string, string> = {};
  for (const m of header.replace(/^\s*Digest\s+/i, '').matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g))
    params[m[1].toLowerCase()] = m[2] ?? m[3] ?? '';
  if (params.realm === undefined || params.nonce === undefined) return undefined;
  return {
    realm: params.realm,
    nonce: params.nonce,
    opaque: params.opaque,
    qop: params.qop,
    algorithm: params.algorithm,
  };
}

const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

export function digestAuthorization(
  c: DigestChallenge,
  who: { user: string; password: string },
  method: string,
  uri: string,
  count: number,
): string {
  const ha1 = md5(`${who.user}:${c.realm}:${who.password}`);
  const ha2 = md5(`${method}:${uri}`);
  const nc = count.toString(16).padStart(8, '0');
  const cnonce = randomBytes(8).toString('hex');
  const qop = c.qop
    ?.split(',')
    .map((q) => q.trim())
    .includes('auth')
    ? 'auth'
    : undefined;
  const response = qop ? md5(`${ha1}:${c.nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : md5(`${ha1}:${c.nonce}:${ha2}`);
  const parts = [
    `username="${who.user}"`,
    `realm="${c.realm}"`,
    `nonce="${c.nonce}"`,
    `uri="${uri}"`,
    `response="${response}"`,
  ];
  if (c.algorithm) parts.push(`algorithm=${c.algorithm}`);
  if (c.opaque !== undefined) parts.push(`opaque="${c.opaque}"`);
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
  return 'Digest ' + parts.join(', ');
}
