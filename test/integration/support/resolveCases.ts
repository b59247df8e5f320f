/**
 * `/resolve` over HTTP, table-driven, on whichever store the suite runs (test/support/testStore.ts):
 * the demo collection (under a base URL with a path) and a few documents PUT here — two prints
 * sharing a number (one an accession number, the other a repository number with a language tag),
 * a number only an embedded Production holds. Each row: the query,
 * the Accept, the status, and the Location or what the body must hold. Then writes: a number PUT
 * after the first lookups (with a tag no content had) is found, a deleted holder is gone.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../../src/service/demoCollection.js';
import { STORE_KIND } from '../../support/testStore.js';
import { startTestApp, type TestApp } from './testApp.js';

const BASE = 'https://museum.example.org/collection/';
const TOKEN = 'curator-token-0123456789abcdef';
const LA = 'https://linked.art/ns/v1/linked-art.json';
const AAT = 'http://vocab.getty.edu/aat/';
const JSON_ACCEPT = 'application/json';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** An object whose Identifier has this content (a string, or a JSON-LD value object) and classification. */
function object(path: string, name: string, content: unknown, scheme: string): Record<string, unknown> {
  return {
    '@context': LA,
    id: BASE + path,
    type: 'HumanMadeObject',
    _label: name,
    identified_by: [
      { type: 'Name', content: name },
      { type: 'Identifier', content, classified_as: [{ id: AAT + scheme, type: 'Type', _label: 'scheme' }] },
    ],
  };
}

const PUT_DOCUMENTS = [
  object('object/print-a', 'Print, first state', 'WHM 2020.1', '300312355'),
  object('object/print-b', 'Print, second state', { '@value': 'WHM 2020.1', '@language': 'en' }, '300404621'),
  {
    '@context': LA,
    id: BASE + 'object/proof',
    type: 'HumanMadeObject',
    _label: 'Proof',
    identified_by: [{ type: 'Name', content: 'Proof' }],
    produced_by: { type: 'Production', identified_by: [{ type: 'Identifier', content: 'PRODUCTION 1' }] },
  },
];

interface Row {
  readonly query: string;
  readonly accept?: string;
  readonly status: number;
  /** The Location of a 303 (a path under BASE). */
  readonly location?: string;
  /** What the body holds: the ids of a 300's list (paths under BASE), or text. */
  readonly ids?: readonly string[];
  readonly text?: RegExp;
}

const ACCESSION = encodeURIComponent(`${AAT}300312355`);
const REPOSITORY = encodeURIComponent(`${AAT}300404621`);

const ROWS: readonly Row[] = [
  { query: 'identifier=WHM%201923.4', status: 303, location: 'object/harbour-at-dusk' },
  { query: 'identifier=WHM%201923.4', accept: BROWSER, status: 303, location: 'object/harbour-at-dusk' },
  { query: 'identifier=WHM+1923.4', accept: JSON_ACCEPT, status: 303, location: 'object/harbour-at-dusk' },
  // White space collapsed on the second try; case is the number's own.
  { query: 'identifier=%20WHM%20%201923.4%09', status: 303, location: 'object/harbour-at-dusk' },
  { query: 'identifier=whm%201923.4', status: 404, text: /whm 1923\.4/ },
  { query: 'identifier=WHM%202019.7', status: 303, location: 'object/harbour-at-dusk-frame' },
  { query: 'identifier=47', status: 303, location: 'set/pike-and-hallam-1923-lot-47' },
  { query: 'identifier=47&type=lot', status: 303, location: 'set/pike-and-hallam-1923-lot-47' },
  { query: 'identifier=47&type=Lot%20Number', status: 303, location: 'set/pike-and-hallam-1923-lot-47' },
  {
    query: 'identifier=47&type=accession',
    status: 404,
    text: /classified as <http:\/\/vocab\.getty\.edu\/aat\/300312355>/,
  },
  // A contact point is an Identifier, but no identified_by: not a number on a label.
  { query: 'identifier=collections%40whitby-harbour-museum.example', status: 404 },
  // Only the main entity's Identifiers count, not those of what it embeds.
  { query: 'identifier=PRODUCTION%201', status: 404 },
  { query: 'identifier=WHM%202020.1', status: 300, ids: ['object/print-a', 'object/print-b'] },
  { query: 'identifier=WHM%202020.1', accept: JSON_ACCEPT, status: 300, ids: ['object/print-a', 'object/print-b'] },
  {
    query: 'identifier=WHM%202020.1',
    accept: BROWSER,
    status: 300,
    text: /<h1[^>]*>Records with the identifier “WHM 2020\.1” \(2\)<\/h1>.*href="\/collection\/object\/print-a">Print, first state<\/a>.*href="\/collection\/object\/print-b">Print, second state<\/a>/s,
  },
  { query: `identifier=WHM%202020.1&classified_as=${ACCESSION}`, status: 303, location: 'object/print-a' },
  { query: `identifier=WHM%202020.1&classified_as=${REPOSITORY}`, status: 303, location: 'object/print-b' },
  { query: 'identifier=WHM%202020.1&type=repository', status: 303, location: 'object/print-b' },
  { query: `identifier=WHM%202020.1&type=${REPOSITORY}`, status: 303, location: 'object/print-b' },
  { query: `identifier=WHM%202020.1&type=accession&classified_as=${REPOSITORY}`, status: 404 },
  { query: 'identifier=nothing%20here', status: 404, text: /nothing here/ },
  { query: 'identifier=nothing%20here', accept: BROWSER, status: 404, text: /<html.*nothing here/s },
  // Text that would end a literal or a query is only a content no record has.
  { query: 'identifier=%22%20%7D%20%7D%20SELECT%20*%20WHERE%20%7B%20%23', status: 404 },
  { query: 'identifier=a%5C%22b%0Ac', status: 404 },
  { query: 'identifier=%00%01x%7F', status: 404 },
  { query: 'identifier=%F0%9F%96%BC%EF%B8%8F%20%EF%BF%BE%E2%80%AE', status: 404 },
  { query: `identifier=${'x'.repeat(1000)}`, status: 404 },
  // The 400s, each naming its parameter.
  { query: '', status: 400, text: /\?identifier= is missing/ },
  { query: 'type=accession', status: 400, text: /\?identifier= is missing/ },
  { query: 'identifier=', status: 400, text: /\?identifier= is empty/ },
  { query: 'identifier=%20%09', status: 400, text: /\?identifier= is empty/ },
  { query: 'identifier=', accept: BROWSER, status: 400, text: /<html.*\?identifier= is empty/s },
  { query: 'identifier=1&identifier=2', status: 400, text: /\?identifier= is given 2 times/ },
  { query: `identifier=${'x'.repeat(1001)}`, status: 400, text: /1001 characters long.*at most 1,000 characters/ },
  { query: 'identifier=%FF', status: 400, text: /identifier= in the URL is, once percent-decoded/ },
  {
    query: 'identifier=47&classified_as=300312355',
    status: 400,
    text: /\?classified_as= .*300312355.* is not an absolute IRI/,
  },
  {
    query: 'identifier=47&classified_as=accession',
    status: 400,
    text: /\?classified_as= .*accession.* is not an absolute IRI/,
  },
  { query: 'identifier=47&classified_as=http://a/%3Cb%3E', status: 400, text: /\?classified_as= / },
  { query: 'identifier=47&type=stamp', status: 400, text: /\?type= .*stamp.* is neither an identifier scheme/ },
  { query: 'identifier=47&type=lot&type=accession', status: 400, text: /\?type= is given 2 times/ },
  { query: 'identifier=47', accept: 'image/png', status: 406 },
];

/** The table and the writes, in a describe of their own on the suite's store. */
export function describeResolve(): void {
  describe(`HTTP: /resolve, a record by the number on its label (${STORE_KIND})`, function () {
    this.timeout(120000);
    let app: TestApp;
    const resolve = (query: string, accept?: string) =>
      fetch(`${app.origin}/collection/resolve${query === '' ? '' : '?'}${query}`, {
        redirect: 'manual',
        headers: accept === undefined ? {} : { Accept: accept },
      });
    const put = async (document: Record<string, unknown>) => {
      const response = await fetch(app.origin + new URL(document.id as string).pathname, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
        body: JSON.stringify(document),
      });
      expect(response.status, await response.text()).to.be.oneOf([200, 201, 204]);
    };

    before(async () => {
      app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
      for (const document of PUT_DOCUMENTS) await put(document);
    });
    after(async () => {
      await app?.close();
    });

    for (const row of ROWS) {
      it(`${row.query.slice(0, 80) || '(no query)'}${row.accept ? ` (Accept: ${row.accept.split(',')[0]})` : ''} → ${row.status}`, async () => {
        const response = await resolve(row.query, row.accept);
        const body = await response.text();
        expect(response.status, body).to.equal(row.status);
        expect(response.headers.get('access-control-allow-origin')).to.equal('*');
        if (row.location !== undefined) expect(response.headers.get('location')).to.equal(BASE + row.location);
        else expect(response.headers.get('location')).to.equal(null);
        if (row.text) expect(body).to.match(row.text);
        if (row.ids) {
          const answer = JSON.parse(body) as { totalItems: number; orderedItems: Array<{ id: string; type: string }> };
          expect(response.headers.get('content-type')).to.match(/^application\/(ld\+)?json/);
          expect(answer.totalItems).to.equal(row.ids.length);
          expect(answer.orderedItems.map((e) => e.id)).to.deep.equal(row.ids.map((path) => BASE + path));
          expect(answer.orderedItems.every((e) => e.type === 'HumanMadeObject')).to.equal(true);
        }
        if (row.status >= 400 && row.status !== 406) {
          expect(response.headers.get('content-type')).to.match(
            row.accept === BROWSER ? /^text\/html/ : /^application\/problem\+json/,
          );
        }
      });
    }

    it('a 300 in JSON: the address of the lookup, the number that matched, each entity by name', async () => {
      const response = await resolve(`identifier=WHM%20%202020.1`, JSON_ACCEPT);
      expect(response.status).to.equal(300);
      expect(response.headers.get('vary')).to.equal('Accept');
      expect(await response.json()).to.deep.equal({
        '@context': 'https://linked.art/ns/v1/search.json',
        id: `${BASE}resolve?identifier=WHM%202020.1`,
        type: 'OrderedCollection',
        identifier: 'WHM 2020.1',
        totalItems: 2,
        orderedItems: [
          { id: `${BASE}object/print-a`, type: 'HumanMadeObject', name: 'Print, first state' },
          { id: `${BASE}object/print-b`, type: 'HumanMadeObject', name: 'Print, second state' },
        ],
      });
    });

    it("the landing page's form asks /resolve (a browser sends the number as identifier=WHM+1923.4)", async () => {
      const landing = await (await fetch(`${app.origin}/collection/`, { headers: { Accept: BROWSER } })).text();
      expect(landing).to.match(/<form[^>]*action="\/collection\/resolve"[^>]*>.*?name="identifier"/s);
    });

    it('writes are seen at once: a number PUT with a tag no content had, a holder deleted', async () => {
      await put(object('object/late', 'Late arrival', { '@value': 'LATE 1', '@language': 'fr' }, '300312355'));
      const late = await resolve('identifier=LATE%201');
      expect(late.status).to.equal(303);
      expect(late.headers.get('location')).to.equal(`${BASE}object/late`);
      const deleted = await fetch(`${app.origin}/collection/object/print-b`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(deleted.status).to.be.oneOf([200, 204]);
      const one = await resolve('identifier=WHM%202020.1');
      expect(one.status).to.equal(303);
      expect(one.headers.get('location')).to.equal(`${BASE}object/print-a`);
    });
  });
}
