/**
 * The change feed over HTTP, as a harvester would read it: every kind of write (PUT, DELETE,
 * a bulk load, a SPARQL Update) records exactly its activities, with the class of the document
 * and its Last-Modified; pages are full except the last, and a full page's bytes never change;
 * a deleted document answers 410 until it is created again. Runs on both stores.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { DEMO_BASE_URL, DEMO_DIR } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'http://localhost:8080/feed/';
const TOKEN = 'change-feed-test-token-0123456789';
const PAGE_SIZE = 3;
const FEED_CONTEXT = ['https://linked.art/ns/v1/record-types.json', 'http://iiif.io/api/discovery/1/context.json'];
const AS_TYPE = 'application/ld+json;profile="https://www.w3.org/ns/activitystreams"';

interface Ref {
  id: string;
  type: string;
}
interface Collection {
  '@context': string[];
  id: string;
  type: string;
  totalItems: number;
  first: Ref;
  last: Ref;
}
interface Item {
  type: string;
  object: { id: string; type?: string };
  endTime: string;
}
interface Page {
  '@context': string[];
  id: string;
  type: string;
  partOf: Record<string, unknown>;
  startIndex: number;
  prev?: Ref;
  next?: Ref;
  orderedItems: Item[];
}

const auth = { Authorization: `Bearer ${TOKEN}` };

describe('Change feed: /activity-stream, tombstones', function () {
  this.timeout(120000);
  let app: TestApp;
  // The demo's documents as JSON, their ids moved under BASE.
  const demo = readdirSync(DEMO_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const document = JSON.parse(
        readFileSync(DEMO_DIR + f, 'utf8')
          .split(DEMO_BASE_URL)
          .join(BASE),
      ) as { id: string };
      return { id: document.id, document };
    });
  const person = demo.find((d) => d.id.includes('/person/'))!;
  const object = demo.find((d) => d.id.includes('/object/'))!;
  const set = demo.find((d) => d.id.includes('/set/'))!;

  before(async () => {
    app = await startTestApp([], { baseUrl: BASE, token: TOKEN, feedPageSize: String(PAGE_SIZE) });
  });
  after(async () => {
    await app.close();
  });

  const local = (href: string) => app.origin + new URL(href).pathname + new URL(href).search;
  const getJson = async <T>(href: string, headers: Record<string, string> = {}): Promise<T> => {
    const response = await fetch(local(href), { headers });
    expect(response.status, href).to.equal(200);
    return (await response.json()) as T;
  };
  const collection = () => getJson<Collection>(`${BASE}activity-stream`);
  /** Every activity, from `last` back through `prev` (as IIIF Change Discovery harvests), in feed order. */
  const harvest = async (): Promise<Item[]> => {
    const pages: Page[] = [];
    for (let href: string | undefined = (await collection()).last.id; href;) {
      const page: Page = await getJson<Page>(href);
      pages.unshift(page);
      href = page.prev?.id;
    }
    return pages.flatMap((p) => p.orderedItems);
  };
  const put = (doc: { id: string; document: unknown }) =>
    fetch(local(doc.id), {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify(doc.document),
    });
  const lastModified = async (id: string) =>
    new Date((await fetch(local(id))).headers.get('last-modified')!).toISOString().replace('.000Z', 'Z');

  it('an empty feed: no activities, one (empty) page', async () => {
    const c = await collection();
    expect(c).to.deep.equal({
      '@context': FEED_CONTEXT,
      id: `${BASE}activity-stream`,
      type: 'OrderedCollection',
      totalItems: 0,
      first: { id: `${BASE}activity-stream/page/1`, type: 'OrderedCollectionPage' },
      last: { id: `${BASE}activity-stream/page/1`, type: 'OrderedCollectionPage' },
    });
    expect((await getJson<Page>(c.first.id)).orderedItems).to.deep.equal([]);
  });

  it('PUT records Create, the same PUT again nothing, a changed PUT Update; endTime is the Last-Modified', async () => {
    expect((await put(person)).status).to.equal(201);
    expect((await put(person)).status).to.equal(200);
    const changed = { ...(person.document as Record<string, unknown>), _label: 'Renamed for the feed test' };
    expect((await put({ id: person.id, document: changed })).status).to.equal(200);
    const items = await harvest();
    expect(items.map((i) => [i.type, i.object])).to.deep.equal([
      ['Create', { id: person.id, type: 'Person' }],
      ['Update', { id: person.id, type: 'Person' }],
    ]);
    expect(items[1].endTime).to.equal(await lastModified(person.id));
  });

  it('DELETE records Delete with the class; the id answers 410 with the deletion time, and a new PUT is a Create', async () => {
    expect((await put(object)).status).to.equal(201);
    expect((await fetch(local(object.id), { method: 'DELETE', headers: auth })).status).to.equal(204);
    const gone = await fetch(local(object.id));
    expect(gone.status).to.equal(410);
    expect(gone.headers.get('content-type')).to.match(/^application\/problem\+json/);
    const problem = (await gone.json()) as { detail: string; deleted: string };
    expect(problem.detail).to.contain(object.id);
    const deletion = (await harvest()).at(-1)!;
    expect(deletion).to.deep.include({ type: 'Delete', object: { id: object.id, type: 'HumanMadeObject' } });
    expect(new Date(gone.headers.get('last-modified')!).toISOString().replace('.000Z', 'Z')).to.equal(deletion.endTime);
    // Never there at all: still 404.
    expect((await fetch(local(`${BASE}object/never-was`))).status).to.equal(404);
    expect((await put(object)).status).to.equal(201);
    expect((await fetch(local(object.id))).status).to.equal(200);
    expect((await harvest()).at(-1)).to.deep.include({
      type: 'Create',
      object: { id: object.id, type: 'HumanMadeObject' },
    });
  });

  it('a bulk load records one activity per document created or replaced, none for those unchanged', async () => {
    const before = (await collection()).totalItems;
    const rest = demo.filter((d) => d.id !== person.id && d.id !== object.id);
    const body = [object, ...rest].map((d) => JSON.stringify(d.document)).join('\n');
    const response = await fetch(`${app.origin}/_bulk?format=ndjson`, { method: 'POST', headers: auth, body });
    expect(response.status).to.equal(200);
    const report = (await response.json()) as { created: number; unchanged: number };
    expect(report).to.deep.include({ created: rest.length, unchanged: 1 });
    const items = (await harvest()).slice(before);
    expect(items.length).to.equal(rest.length);
    expect(items.every((i) => i.type === 'Create')).to.equal(true);
    expect(items.map((i) => i.object.id).sort()).to.deep.equal(rest.map((d) => d.id).sort());
    for (const item of items.slice(0, 3)) expect(item.endTime).to.equal(await lastModified(item.object.id));
  });

  it('a SPARQL Update records one Update per document it changes', async () => {
    const before = (await collection()).totalItems;
    const update = `PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
      DELETE { GRAPH ?g { ?g rdfs:label ?l } } INSERT { GRAPH ?g { ?g rdfs:label "Relabelled by an update" } }
      WHERE { VALUES ?g { <${person.id}> <${set.id}> } GRAPH ?g { ?g rdfs:label ?l } }`;
    const response = await fetch(`${app.origin}/sparql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/sparql-update' },
      body: update,
    });
    expect(response.status, await response.text()).to.be.oneOf([200, 204]);
    const items = (await harvest()).slice(before);
    expect(items.map((i) => [i.type, i.object.id]).sort()).to.deep.equal(
      [
        ['Update', person.id],
        ['Update', set.id],
      ].sort(),
    );
  });

  it('pages: full except the last, linked both ways, a full page with its next already; its bytes never change', async () => {
    const c = await collection();
    const lastNumber = Number(c.last.id.split('/').pop());
    expect(lastNumber).to.equal(Math.floor(c.totalItems / PAGE_SIZE) + 1);
    const first = await fetch(local(c.first.id));
    expect(first.headers.get('cache-control')).to.contain('immutable');
    expect(first.headers.get('content-type')).to.equal(AS_TYPE);
    const page1 = (await first.json()) as Page;
    expect(page1).to.deep.include({
      '@context': FEED_CONTEXT,
      type: 'OrderedCollectionPage',
      startIndex: 0,
      partOf: { id: c.id, type: 'OrderedCollection' },
    });
    expect(page1.orderedItems.length).to.equal(PAGE_SIZE);
    expect(page1.prev).to.equal(undefined);
    expect(page1.next).to.deep.equal({ id: `${BASE}activity-stream/page/2`, type: 'OrderedCollectionPage' });
    const last = await getJson<Page>(c.last.id);
    expect(last.next).to.equal(undefined);
    expect(last.orderedItems.length).to.equal(c.totalItems % PAGE_SIZE);
    expect((await fetch(local(c.last.id))).headers.get('cache-control')).to.not.contain('immutable');
    // More writes: the full pages are the same bytes, the collection grows.
    const etag = first.headers.get('etag');
    for (const n of [1, 2, 3, 4]) {
      const doc = { ...(person.document as Record<string, unknown>), _label: `Renamed ${n}` };
      expect((await put({ id: person.id, document: doc })).status).to.equal(200);
    }
    expect((await collection()).totalItems).to.equal(c.totalItems + 4);
    expect((await fetch(local(c.first.id))).headers.get('etag')).to.equal(etag);
    const old = await getJson<Page>(`${BASE}activity-stream/page/${lastNumber}`);
    expect(old.orderedItems.length).to.equal(PAGE_SIZE);
    expect(old.orderedItems.slice(0, last.orderedItems.length)).to.deep.equal(last.orderedItems);
  });

  it('every served document links the feed; JSON on request, CORS, problems for bad pages', async () => {
    const doc = await getJson<{ _links: { collection: { href: string } } }>(person.id);
    expect(doc._links.collection.href).to.equal(`${BASE}activity-stream`);
    const json = await fetch(`${app.origin}/activity-stream`, { headers: { Accept: 'application/json' } });
    expect(json.headers.get('content-type')).to.match(/^application\/json/);
    expect(json.headers.get('access-control-allow-origin')).to.equal('*');
    for (const [path, status] of [
      ['page/0', 400],
      ['page/x', 400],
      ['page/1.5', 400],
      ['page/99999', 404],
    ] as const) {
      const response = await fetch(`${app.origin}/activity-stream/${path}`);
      expect(response.status, path).to.equal(status);
      expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    }
  });
});
