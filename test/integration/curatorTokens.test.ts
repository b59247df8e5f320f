/**
 * Named curator tokens (--tokens): each write route × each token → the status a curator would
 * see (401 without a curator's token, 403 for a read-only token or an id outside a token's
 * prefix, naming it), and the change feed naming who wrote each change (its `actor`), as the
 * TimeMap and the history page name who wrote each version.
 */
import { expect } from 'chai';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const V1 = 'https://linked.art/ns/v1/linked-art.json';
const TOKENS = {
  curator: 'curator-token-0123456789abcdef',
  alice: 'alice-token-0123456789abcdef',
  objects: 'objects-token-0123456789abcdef',
  reader: 'reader-token-0123456789abcdef',
  none: undefined,
  wrong: 'not-anyones-token-0123456789',
} as const;
type Who = keyof typeof TOKENS;

const doc = (path: string, type: string) => JSON.stringify({ '@context': V1, id: BASE + path, type, _label: path });
const insert = (path: string) =>
  `INSERT DATA { GRAPH <${BASE}${path}> { <${BASE}${path}> a <http://www.cidoc-crm.org/cidoc-crm/E21_Person> ; <http://www.w3.org/2000/01/rdf-schema#label> "${path}" } }`;

const nquads = (path: string) =>
  `<${BASE}${path}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.cidoc-crm.org/cidoc-crm/E22_Human-Made_Object> <${BASE}${path}> .\n` +
  `<${BASE}${path}> <http://www.w3.org/2000/01/rdf-schema#label> "${path}" <${BASE}${path}> .\n`;

/** [who, method, path, body, content type, status, what the answer says]. */
const CASES: Array<[Who, string, string, string | undefined, string | undefined, number, RegExp?]> = [
  ['alice', 'PUT', 'object/by-alice', doc('object/by-alice', 'HumanMadeObject'), 'application/ld+json', 201],
  ['objects', 'PUT', 'object/by-objects', doc('object/by-objects', 'HumanMadeObject'), 'application/ld+json', 201],
  [
    'objects',
    'PUT',
    'person/by-objects',
    doc('person/by-objects', 'Person'),
    'application/ld+json',
    403,
    /under https:\/\/museum\.example\.org\/collection\/object\//,
  ],
  [
    'reader',
    'PUT',
    'object/by-reader',
    doc('object/by-reader', 'HumanMadeObject'),
    'application/ld+json',
    403,
    /reads only/,
  ],
  ['none', 'PUT', 'object/by-none', doc('object/by-none', 'HumanMadeObject'), 'application/ld+json', 401, /Bearer/],
  [
    'wrong',
    'PUT',
    'object/by-wrong',
    doc('object/by-wrong', 'HumanMadeObject'),
    'application/ld+json',
    401,
    /not the curator token/,
  ],
  ['curator', 'PUT', 'person/by-curator', doc('person/by-curator', 'Person'), 'application/ld+json', 201],
  ['objects', 'DELETE', 'person/by-curator', undefined, undefined, 403, /under .*object\//],
  ['reader', 'DELETE', 'object/by-alice', undefined, undefined, 403, /reads only/],
  [
    'objects',
    'POST',
    '_bulk?format=ndjson',
    doc('person/bulk-objects', 'Person'),
    'application/x-ndjson',
    403,
    /under .*object\//,
  ],
  [
    'objects',
    'POST',
    '_bulk?format=ndjson&batchSize=1',
    `${doc('object/bulk-first', 'HumanMadeObject')}\n${doc('person/bulk-second', 'Person')}\n`,
    'application/x-ndjson',
    403,
    /under .*object\/; .*person\/bulk-second is not under it; nothing was written/,
  ],
  [
    'objects',
    'POST',
    '_bulk?format=nquads&batchSize=1',
    nquads('object/bulk-nq-first') + nquads('person/bulk-nq-second'),
    'application/n-quads',
    403,
    /under .*object\/; .*person\/bulk-nq-second is not under it/,
  ],
  ['alice', 'POST', '_bulk?format=ndjson', doc('person/bulk-alice', 'Person'), 'application/x-ndjson', 200],
  ['objects', 'POST', 'sparql', insert('person/sparql-objects'), 'application/sparql-update', 403, /under .*object\//],
  ['reader', 'POST', 'sparql', insert('person/sparql-reader'), 'application/sparql-update', 403, /reads only/],
  ['alice', 'POST', 'sparql', insert('person/sparql-alice'), 'application/sparql-update', 200],
  ['objects', 'DELETE', 'object/by-alice', undefined, undefined, 204],
];

describe('Named curator tokens (--tokens): who may write what, and the feed saying who did', function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'linkedart-tokens-')), 'tokens');
    writeFileSync(
      file,
      [
        '# name token [scope]',
        `alice ${TOKENS.alice}`,
        `objects ${TOKENS.objects} ${BASE}object/`,
        `reader ${TOKENS.reader} read`,
      ].join('\n'),
    );
    app = await startTestApp([], { baseUrl: BASE, token: TOKENS.curator, tokens: file });
  });
  after(async () => {
    await app.close();
  });

  for (const [who, method, path, body, type, status, says] of CASES) {
    it(`${method} /${path.split('?')[0]} with ${who === 'none' ? 'no token' : `${who}'s token`}: ${status}`, async () => {
      const token = TOKENS[who];
      const response = await fetch(`${app.origin}/collection/${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(type ? { 'Content-Type': type } : {}),
          Accept: 'application/json',
        },
        body,
      });
      const text = await response.text();
      expect(response.status, text).to.equal(status);
      if (says) expect(text).to.match(says);
    });
  }

  it('writes nothing a refused token asked for', async () => {
    for (const path of [
      'person/by-objects',
      'object/by-reader',
      'person/bulk-objects',
      'object/bulk-first',
      'object/bulk-nq-first',
      'person/sparql-objects',
    ])
      expect((await fetch(`${app.origin}/collection/${path}`)).status, path).to.equal(404);
    expect((await fetch(`${app.origin}/collection/person/by-curator`)).status).to.equal(200);
  });

  it("names each change's curator in the feed: actor {type: Person, name}", async () => {
    const collection = (await (await fetch(`${app.origin}/collection/activity-stream`)).json()) as {
      last: { id: string };
    };
    const page = (await (await fetch(collection.last.id.replace(BASE, `${app.origin}/collection/`))).json()) as {
      orderedItems: Array<{ type: string; object: { id: string }; actor?: { type: string; name: string } }>;
    };
    const actors = page.orderedItems.map((a) => [a.type, a.object.id.slice(BASE.length), a.actor?.name]);
    expect(actors).to.deep.equal([
      ['Create', 'object/by-alice', 'alice'],
      ['Create', 'object/by-objects', 'objects'],
      ['Create', 'person/by-curator', 'curator'],
      ['Create', 'person/bulk-alice', 'alice'],
      ['Create', 'person/sparql-alice', 'alice'],
      ['Delete', 'object/by-alice', 'objects'],
    ]);
    expect(page.orderedItems[0].actor).to.deep.equal({ type: 'Person', name: 'alice' });
  });

  it("names each version's curator in the TimeMap and the history page; a re-creation is a Create after the Delete", async () => {
    const put = await fetch(`${app.origin}/collection/object/by-alice`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKENS.objects}`, 'Content-Type': 'application/ld+json' },
      body: doc('object/by-alice', 'HumanMadeObject'),
    });
    expect(put.status).to.equal(201);
    const timeMap = `${app.origin}/collection/_timemap/collection/object/by-alice`;
    const text = await (await fetch(timeMap, { headers: { Accept: 'application/link-format' } })).text();
    const versions = text.split(',\n').filter((line) => line.includes('memento"'));
    expect(versions.map((line) => [/kind="(\w+)"/.exec(line)?.[1], /actor="(\w+)"/.exec(line)?.[1]])).to.deep.equal([
      ['Create', 'alice'],
      ['Delete', 'objects'],
      ['Create', 'objects'],
    ]);
    const page = await (await fetch(timeMap, { headers: { Accept: 'text/html' } })).text();
    for (const name of ['alice', 'objects']) expect(page).to.contain(` by ${name}`);
  });
});
