/**
 * Issue 28, item 4: requests built to break the HTTP layer. A body over its limit sent chunked
 * (no Content-Length to refuse early), bytes that are not UTF-8, ids holding control characters,
 * and requests Node's own parser refuses: each gets a problem+json naming the problem, the
 * access log hears of it, and the store is as it was.
 */
import { expect } from 'chai';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, rawRequest, type TestApp } from '../integration/support/testApp.js';
import { startServer, type ServerProcess } from '../integration/support/serverProcess.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const ID = BASE + 'object/hostile-bytes';
const PATH = '/collection/object/hostile-bytes';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  error?: string;
}

/** Sends `head` then `body` as is over a plain socket, reading the answer meanwhile; resolves when the server closes or answers in full. */
function sendRaw(origin: string, head: string, body: Buffer[] = []): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let error: string | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(parseAnswer(received, error));
    };
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      // The whole answer is here when its Content-Length of body bytes follows the head.
      const answer = parseAnswer(received);
      const length = Number(answer.headers['content-length'] ?? NaN);
      if (answer.status && Buffer.byteLength(answer.body) >= length) finish();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
      finish();
    });
    socket.on('close', finish);
    socket.on('connect', () => {
      socket.write(head);
      // Written chunk by chunk, as a client streaming a body does; a write refused by a closed socket ends it.
      let i = 0;
      const next = (): void => {
        if (done || i >= body.length) return;
        if (socket.write(body[i++])) setImmediate(next);
        else socket.once('drain', next);
      };
      next();
    });
  });
}

function parseAnswer(bytes: Buffer, error?: string): RawAnswer {
  const text = bytes.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: '', error };
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4), error };
}

/** A body in chunked encoding: `total` bytes of `fill` in chunks of `size`, then the last chunk. */
function chunked(total: number, size = 1024, fill = 'x'): Buffer[] {
  const out: Buffer[] = [];
  for (let sent = 0; sent < total; sent += size) {
    const n = Math.min(size, total - sent);
    out.push(Buffer.from(`${n.toString(16)}\r\n${fill.repeat(n)}\r\n`));
  }
  out.push(Buffer.from('0\r\n\r\n'));
  return out;
}

const problemOf = (answer: RawAnswer): { status: number; detail: string } =>
  JSON.parse(answer.body) as { status: number; detail: string };

describe('malformed and hostile requests (issue 28, item 4)', function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), {
      baseUrl: BASE,
      token: TOKEN,
      maxBodyMb: '0.01',
      maxBulkMb: '0.01',
      maxQueryKb: '4',
    });
  });
  after(async () => {
    await app.close();
  });

  describe('a chunked body over its limit: 413 naming the limit, logged, the connection not reset', () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['PUT of a document', `PUT ${PATH}`, 'application/ld+json', /10486 bytes \(--max-body-mb\)/],
      ['a SPARQL update', 'POST /sparql', 'application/sparql-update', /4096 bytes \(--max-query-kb\)/],
      ['a bulk load', 'POST /_bulk?format=ndjson', 'application/x-ndjson', /10486 bytes \(--max-bulk-mb\)/],
    ];
    for (const [name, requestLine, type, limit] of cases) {
      it(name, async () => {
        const size = await app.store.size();
        const logged = app.log.length;
        const answer = await sendRaw(
          app.origin,
          `${requestLine} HTTP/1.1\r\nHost: museum.example.org\r\nAuthorization: Bearer ${TOKEN}\r\n` +
            `Content-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n`,
          chunked(16_000),
        );
        expect(answer.status, `answer: ${answer.status} ${answer.error ?? ''}`).to.equal(413);
        expect(answer.headers['content-type']).to.equal('application/problem+json');
        expect(problemOf(answer).detail).to.match(limit);
        const [method, path] = requestLine.split(' ');
        expect(
          app.log.slice(logged).some((l) => l['method'] === method && l['path'] === path && l['status'] === 413),
          'an access-log line',
        ).to.equal(true);
        expect(await app.store.size()).to.equal(size);
      });
    }

    it('the rest of the refused body is read away: the same connection answers the next request', async () => {
      const second = Buffer.from('GET /health HTTP/1.1\r\nHost: museum.example.org\r\n\r\n');
      const answers = await new Promise<string>((resolve) => {
        const { hostname, port } = new URL(app.origin);
        const socket = connect(Number(port), hostname);
        let text = '';
        socket.on('data', (d: Buffer) => {
          text += d.toString('latin1');
          if (/HTTP\/1\.1 200[\s\S]*\r\n\r\n/.test(text)) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.on('error', () => resolve(text));
        socket.on('close', () => resolve(text));
        socket.write(
          `PUT ${PATH} HTTP/1.1\r\nHost: museum.example.org\r\nAuthorization: Bearer ${TOKEN}\r\n` +
            'Content-Type: application/ld+json\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
        socket.write(Buffer.concat([...chunked(16_000), second]));
      });
      expect(answers).to.match(/^HTTP\/1\.1 413 /);
      expect(answers).to.match(/HTTP\/1\.1 200 OK/);
    });

    it('a refused body that goes on far past the limit (10 MB): the 413 still arrives before the connection is cut', async () => {
      const answer = await sendRaw(
        app.origin,
        `PUT ${PATH} HTTP/1.1\r\nHost: museum.example.org\r\nAuthorization: Bearer ${TOKEN}\r\n` +
          'Content-Type: application/ld+json\r\nTransfer-Encoding: chunked\r\n\r\n',
        chunked(10_000_000, 16_384),
      );
      expect(answer.status).to.equal(413);
    });

    it('a chunked body within the limit is still taken', async () => {
      const doc = Buffer.from(
        JSON.stringify({ '@context': V1, id: BASE + 'object/chunked', type: 'HumanMadeObject', _label: 'Chunked' }),
      );
      const answer = await sendRaw(
        app.origin,
        `PUT /collection/object/chunked HTTP/1.1\r\nHost: museum.example.org\r\nAuthorization: Bearer ${TOKEN}\r\n` +
          'Content-Type: application/ld+json\r\nTransfer-Encoding: chunked\r\n\r\n',
        [Buffer.from(`${doc.length.toString(16)}\r\n`), doc, Buffer.from('\r\n0\r\n\r\n')],
      );
      expect(answer.status).to.be.oneOf([200, 201]);
      expect(
        ((await (await fetch(app.origin + '/collection/object/chunked')).json()) as { _label: string })._label,
      ).to.equal('Chunked');
    });
  });

  describe('a body that is not UTF-8: 400 naming the byte offset, nothing stored', () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    /** A JSON document whose label holds `bad` bytes; the offset of the first of them. */
    const documentWith = (bad: number[]): { body: Buffer; offset: number } => {
      const head = Buffer.from(
        JSON.stringify({ '@context': V1, id: ID, type: 'HumanMadeObject', _label: 'caf' }).slice(0, -2),
      );
      return { body: Buffer.concat([head, Buffer.from(bad), Buffer.from('"}')]), offset: head.length };
    };
    const send = (path: string, type: string, body: Buffer, headers: Record<string, string> = {}) =>
      fetch(app.origin + path, {
        method: path === PATH ? 'PUT' : 'POST',
        headers: { ...auth, 'Content-Type': type, ...headers },
        body: new Uint8Array(body),
      });

    const bytes: Array<[string, number[]]> = [
      ['a lone 0xFF', [0xff]],
      ['a lead byte without its continuation (C3 28)', [0xc3, 0x28]],
      ['a UTF-16 surrogate encoded as UTF-8 (ED A0 80)', [0xed, 0xa0, 0x80]],
      ['an overlong "/" (C0 AF)', [0xc0, 0xaf]],
      ['a sequence cut off at the end of the body (E2 82)', [0xe2, 0x82]],
    ];
    for (const [name, bad] of bytes) {
      it(`PUT of a document holding ${name}`, async () => {
        const { body, offset } = documentWith(bad);
        // The cut-off case ends the body with the bad bytes.
        const sent = name.includes('end of the body') ? body.subarray(0, offset + bad.length) : body;
        const response = await send(PATH, 'application/ld+json', sent);
        expect(response.status).to.equal(400);
        expect(response.headers.get('content-type')).to.equal('application/problem+json');
        expect(((await response.json()) as { detail: string }).detail).to.match(
          new RegExp(`not UTF-8.*byte offset ${offset}\\b`),
        );
        expect((await fetch(app.origin + PATH)).status).to.be.oneOf([404, 410]);
      });
    }

    it('PUT of a document whose JSON escapes half a surrogate pair (\\uD800): 422 naming the path, not a 500', async () => {
      const body = Buffer.from(
        JSON.stringify({ '@context': V1, id: ID, type: 'HumanMadeObject', _label: 'caf' }).replace(
          '"caf"',
          '"caf\\uD800e"',
        ),
      );
      const logged = app.log.length;
      const response = await send(PATH, 'application/ld+json', body);
      expect(response.status).to.equal(422);
      const problem = (await response.json()) as { problems: Array<{ path: string; rule: string }> };
      expect(problem.problems.map((p) => `${p.path} ${p.rule}`)).to.deep.equal(['_label not-unicode']);
      expect(app.log.slice(logged).filter((l) => Number(l['level']) >= 50)).to.deep.equal([]);
      expect((await fetch(app.origin + PATH)).status).to.be.oneOf([404, 410]);
    });

    it('a SPARQL update holding invalid UTF-8', async () => {
      const head = Buffer.from(`INSERT DATA { GRAPH <${ID}> { <${ID}> <http://www.w3.org/2000/01/rdf-schema#label> "`);
      const size = await app.store.size();
      const response = await send(
        '/sparql',
        'application/sparql-update',
        Buffer.concat([head, Buffer.from([0xfe]), Buffer.from('" } }')]),
      );
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { detail: string }).detail).to.match(
        new RegExp(`not UTF-8.*byte offset ${head.length}\\b`),
      );
      expect(await app.store.size()).to.equal(size);
    });

    it('a SPARQL update in a form whose percent-escapes are not UTF-8', async () => {
      const size = await app.store.size();
      const update = `INSERT DATA { GRAPH <${ID}> { <${ID}> <http://www.w3.org/2000/01/rdf-schema#label> "x`;
      const form = `update=${encodeURIComponent(update)}%ED%A0%80${encodeURIComponent('" } }')}`;
      const response = await send('/sparql', 'application/x-www-form-urlencoded', Buffer.from(form));
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { detail: string }).detail).to.match(
        new RegExp(`update=.*not UTF-8.*byte offset ${Buffer.byteLength(update)}\\b`),
      );
      expect(await app.store.size()).to.equal(size);
    });

    for (const gzip of [false, true]) {
      it(`a bulk load (NDJSON${gzip ? ', gzipped' : ''}) whose second line holds invalid UTF-8`, async () => {
        const good =
          JSON.stringify({ '@context': V1, id: BASE + 'object/bulk-good', type: 'HumanMadeObject', _label: 'fine' }) +
          '\n';
        const { body: bad, offset } = documentWith([0xff]);
        const dump = Buffer.concat([Buffer.from(good), bad, Buffer.from('\n')]);
        const response = await send(
          '/_bulk?format=ndjson',
          'application/x-ndjson',
          gzip ? gzipSync(dump) : dump,
          gzip ? { 'Content-Encoding': 'gzip' } : {},
        );
        expect(response.status).to.equal(400);
        expect(((await response.json()) as { detail: string }).detail).to.match(
          new RegExp(`not UTF-8.*byte offset ${good.length + offset}\\b`),
        );
        expect((await fetch(app.origin + PATH)).status).to.be.oneOf([404, 410]);
      });
    }

    it('a bulk load (N-Quads) holding invalid UTF-8 in a literal', async () => {
      const head = Buffer.from(`<${ID}> <http://www.w3.org/2000/01/rdf-schema#label> "caf`);
      const dump = Buffer.concat([head, Buffer.from([0xe9]), Buffer.from(`" <${ID}> .\n`)]);
      const response = await send('/_bulk?format=nquads', 'application/n-quads', dump);
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { detail: string }).detail).to.match(
        new RegExp(`not UTF-8: byte 0xE9 at byte offset ${head.length}\\b`),
      );
      expect((await fetch(app.origin + PATH)).status).to.be.oneOf([404, 410]);
    });
  });

  describe('/_export?id= holding control characters or bytes that are not UTF-8: 400 naming the parameter, no error logged', () => {
    for (const escape of ['%00', '%01', '%1F', '%7F', '%C2%85', '%ED%A0%80', '%FF']) {
      it(escape, async () => {
        const logged = app.log.length;
        const answer = await rawRequest(
          app.origin,
          'GET',
          `/_export?format=nquads&id=${encodeURIComponent(BASE + 'object/1')}${escape}`,
        );
        expect(answer.status).to.equal(400);
        expect(answer.headers['content-type']).to.equal('application/problem+json');
        expect((JSON.parse(answer.body) as { detail: string }).detail).to.match(/\bid=/);
        expect(app.log.slice(logged).filter((l) => Number(l['level']) >= 50)).to.deep.equal([]);
      });
    }

    it('an id that is not an IRI (a space, "<"): 400, not 500', async () => {
      for (const id of [`${BASE}object/a b`, `${BASE}object/<x>`]) {
        const answer = await rawRequest(app.origin, 'GET', `/_export?format=nquads&id=${encodeURIComponent(id)}`);
        expect(answer.status, id).to.equal(400);
        expect((JSON.parse(answer.body) as { detail: string }).detail).to.match(/\bid=.*IRI/);
      }
    });

    it('a good id still exports', async () => {
      const ids = await app.store.listGraphs();
      const id = ids.find((g) => g.startsWith(BASE))!;
      const answer = await rawRequest(app.origin, 'GET', `/_export?format=nquads&id=${encodeURIComponent(id)}`);
      expect(answer.status).to.equal(200);
      expect(answer.body).to.contain(`<${id}>`);
    });
  });

  describe('problem answers: nosniff, and a problem body on what Node refuses itself', () => {
    it('every problem+json carries X-Content-Type-Options: nosniff', async () => {
      for (const [path, status] of [
        ['/collection/object/nothing-here', 404],
        ['/_export?format=nope', 400],
        ['/collection/object/%00', 400],
      ] as const) {
        const answer = await rawRequest(app.origin, 'GET', path);
        expect(answer.status, path).to.equal(status);
        expect(answer.headers['content-type']).to.equal('application/problem+json');
        expect(answer.headers['x-content-type-options'], path).to.equal('nosniff');
      }
    });

    describe('from `linkedart serve`', () => {
      let server: ServerProcess;
      let dataDir: string;
      before(async () => {
        dataDir = mkdtempSync(join(tmpdir(), 'linkedart-malformed-'));
        server = await startServer(['--data-dir', dataDir, '--base-url', BASE]);
      });
      after(async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      });

      const refused: Array<[string, string, number, RegExp]> = [
        [
          'a header line without a colon',
          'GET / HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n',
          400,
          /malformed|not HTTP/i,
        ],
        ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400, /malformed|not HTTP/i],
        ['headers over 16 KB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, /16384 bytes/],
      ];
      for (const [name, request, status, says] of refused) {
        it(`${name}: ${status} as problem+json`, async () => {
          const answer = await sendRaw(server.url, request);
          expect(answer.status).to.equal(status);
          expect(answer.headers['content-type']).to.equal('application/problem+json');
          expect(answer.headers['x-content-type-options']).to.equal('nosniff');
          expect(problemOf(answer)).to.include({ status });
          expect(problemOf(answer).detail).to.match(says);
        });
      }

      it('the server still answers afterwards', async () => {
        expect((await fetch(server.url + '/health')).status).to.equal(200);
      });
    });
  });
});
