/**
 * Discovery over HTTP, on the demo collection, as a client would use it: `_links` on every
 * document, search pages reached by following hrefs only, the root's collections, errors,
 * and the links kept current by writes. Runs on both stores (the Virtuoso pass too).
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'http://localhost:8080/collection/';
const TOKEN = 'discovery-test-token-0123456789';
const PAINTER = `${BASE}person/edith-marrow`;
const PAINTING = `${BASE}object/harbour-at-dusk`;
const COLLECTION = `${BASE}set/whm-collection`;
const SEARCH_CONTEXT = 'https://linked.art/ns/v1/search.json';

type Json = Record<string, unknown>;
interface Link {
  href: string;
  _estimate?: number;
  type?: string;
  name?: string;
}
interface Page {
  '@context': string;
  id: string;
  type: string;
  startIndex: number;
  partOf: { id: string; type: string; totalItems: number; first: { id: string }; last: { id: string } };
  next?: { id: string; type: string };
  prev?: { id: string; type: string };
  orderedItems: Array<{ id: string; type: string }>;
}

describe('Discovery: _links, search pages and the root', function () {
  this.timeout(120000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN, pageSize: '1' });
  });
  after(async () => {
    await app.close();
  });
  /** A URL the service gave (under BASE) fetched from the test server. */
  const follow = (href: string, headers: Record<string, string> = {}) =>
    fetch(app.origin + new URL(href).pathname + new URL(href).search, { headers });
  const json = async <T = Json>(href: string): Promise<T> => {
    const response = await follow(href);
    expect(response.status, href).to.equal(200);
    return (await response.json()) as T;
  };
  const links = async (id: string): Promise<Record<string, unknown>> =>
    (await json<{ _links: Record<string, unknown> }>(id))._links;
  /** Every item of a paged collection, from its first page along `next`. */
  const walk = async (first: string): Promise<Page['orderedItems']> => {
    const items: Page['orderedItems'] = [];
    for (let href: string | undefined = first; href;) {
      const page: Page = await json<Page>(href);
      items.push(...page.orderedItems);
      href = page.next?.id;
    }
    return items;
  };

  it('from the painter to the painting by following hrefs only', async () => {
    const link = (await links(PAINTER))['la:objectProducedByAgent'] as Link;
    expect(link._estimate).to.equal(1);
    const items = await walk(link.href);
    expect(items).to.deep.equal([{ id: PAINTING, type: 'HumanMadeObject' }]);
    const painting = await json<{ id: string; produced_by: { carried_out_by: Array<{ id: string }> } }>(items[0].id);
    expect(painting.produced_by.carried_out_by[0].id).to.equal(PAINTER);
  });

  it('from a set to its members, over several pages (page size 1), each member dereferenceable', async () => {
    const link = (await links(COLLECTION))['la:entityMemberOfSet'] as Link;
    const items = await walk(link.href);
    expect(items.length).to.equal(link._estimate).and.to.be.greaterThan(1);
    expect(items.map((i) => i.id)).to.include(PAINTING);
    expect(items.map((i) => i.id)).to.deep.equal(items.map((i) => i.id).sort());
    for (const item of items) {
      const member = await json<{ type: string; member_of: Array<{ id: string }> }>(item.id);
      expect(member.type).to.equal(item.type);
      expect(member.member_of.map((s) => s.id)).to.include(COLLECTION);
    }
  });

  it('_links as the Linked Art API says: self, the la curie, the version links, alternate formats, only relations with hits', async () => {
    const l = await links(PAINTER);
    expect(l.self).to.equal(PAINTER);
    expect(l.curies).to.deep.equal([{ name: 'la', href: 'https://linked.art/api/rels/1/{rel}', templated: true }]);
    expect(l['la:apiVersion']).to.deep.equal({ href: 'https://linked.art/api/1.0/', name: 'v1.0' });
    expect(l['la:modelVersion']).to.deep.equal({ href: 'https://linked.art/model/1.0/', name: 'v1.0' });
    const alternate = l.alternate as Link[];
    expect(alternate.map((a) => a.type))
      .to.include('text/turtle;charset=utf-8')
      .and.include('application/n-triples');
    for (const a of alternate) expect((await follow(a.href)).headers.get('content-type')).to.equal(a.type);
    const relations = Object.keys(l).filter((k) => k.startsWith('la:') && !k.endsWith('Version'));
    expect(relations).to.include('la:objectProducedByAgent').and.not.include('la:objectOwnedByAgent');
    for (const name of relations) {
      const link = l[name] as Link;
      expect(link._estimate).to.be.greaterThan(0);
      const page = await json<Page>(link.href);
      expect(page.partOf.totalItems, name).to.equal(link._estimate);
    }
  });

  it('a search page in the search context: partOf embedded, startIndex, next and prev, items {id, type} only', async () => {
    const link = (await links(COLLECTION))['la:entityMemberOfSet'] as Link;
    const first = await json<Page>(link.href);
    expect(first['@context']).to.equal(SEARCH_CONTEXT);
    expect(first.type).to.equal('OrderedCollectionPage');
    expect(first.id).to.equal(link.href);
    expect(first.partOf.type).to.equal('OrderedCollection');
    expect(first.partOf.first.id).to.equal(first.id);
    expect(first).to.not.have.property('prev');
    expect(first.startIndex).to.equal(0);
    expect(first.orderedItems).to.have.length(1);
    for (const item of first.orderedItems) expect(Object.keys(item).sort()).to.deep.equal(['id', 'type']);
    const second = await json<Page>(first.next!.id);
    expect(second.startIndex).to.equal(1);
    expect(second.prev).to.deep.equal({ id: first.id, type: 'OrderedCollectionPage' });
    const last = await json<Page>(first.partOf.last.id);
    expect(last).to.not.have.property('next');
    const collection = await json<Page['partOf'] & { '@context': string }>(first.partOf.id);
    expect(collection['@context']).to.equal(SEARCH_CONTEXT);
    expect(collection.totalItems).to.equal(first.partOf.totalItems);
  });

  // Path (relative to the base), status, what the problem must name.
  const errors: Array<[string, number, RegExp]> = [
    ['_links/objectMadeOfMoonlight?id=x:y&page=1', 404, /objectMadeOfMoonlight/],
    ['_links/setCuratingByAgent?id=x:y&page=1', 404, /setCuratingByAgent/],
    ['_links/objectProducedByAgent?page=1', 400, /\?id= is missing/],
    ['_links/objectProducedByAgent?id=edith&page=1', 400, /not an absolute IRI/],
    [`_links/objectProducedByAgent?id=${encodeURIComponent(PAINTER)}&page=0`, 400, /numbered from 1/],
    [`_links/objectProducedByAgent?id=${encodeURIComponent(PAINTER)}&page=two`, 400, /numbered from 1/],
    [`_links/objectProducedByAgent?id=${encodeURIComponent(PAINTER)}&page=2`, 404, /past the last page \(1\)/],
    ['_entities/Unicorn?page=1', 404, /Unicorn/],
  ];
  for (const [path, status, detail] of errors) {
    it(`GET ${path}: ${status} problem+json`, async () => {
      const response = await fetch(`${app.origin}/collection/${path}`);
      expect(response.status).to.equal(status);
      expect(response.headers.get('content-type')).to.equal('application/problem+json');
      expect(response.headers.get('access-control-allow-origin')).to.equal('*');
      expect(((await response.json()) as { detail: string }).detail).to.match(detail);
    });
  }

  // Accept, status, Content-Type.
  const negotiation: Array<[string | undefined, number, string]> = [
    [undefined, 200, `application/ld+json;profile="${SEARCH_CONTEXT}"`],
    ['application/ld+json', 200, `application/ld+json;profile="${SEARCH_CONTEXT}"`],
    ['application/json', 200, 'application/json'],
    ['text/turtle', 406, 'application/problem+json'],
  ];
  for (const [accept, status, type] of negotiation) {
    it(`a search page with Accept ${accept ?? '(none)'}: ${status} ${type}`, async () => {
      const href = ((await links(PAINTER))['la:objectProducedByAgent'] as Link).href;
      const response = await follow(href, accept ? { Accept: accept } : {});
      expect(response.status).to.equal(status);
      expect(response.headers.get('content-type')).to.equal(type);
      if (status !== 200) return;
      expect(response.headers.get('vary')).to.equal('Accept');
      const etag = response.headers.get('etag')!;
      expect((await follow(href, { ...(accept ? { Accept: accept } : {}), 'If-None-Match': etag })).status).to.equal(
        304,
      );
    });
  }

  it('the root: a collection per class with its count, walked to every document of the class; the relations with their search templates', async () => {
    const root = await json<{
      collections: Array<Page['partOf'] & { label: { en: string[] } }>;
      relations: Array<{ name: string; search: { href: string } }>;
    }>(BASE);
    const people = root.collections.find((c) => c.label.en[0] === 'Person')!;
    const persons = demoDocuments(BASE).filter((d) =>
      d.quads.some((q) => q.subject.value === d.id && q.object.value.endsWith('E21_Person')),
    );
    expect(people.totalItems).to.equal(persons.length);
    expect((await walk(people.first.id)).map((i) => i.id)).to.deep.equal(persons.map((p) => p.id).sort());
    const total = root.collections.reduce((n, c) => n + c.totalItems, 0);
    expect(total).to.equal(demoDocuments(BASE).length);
    expect(root.relations.map((r) => r.name))
      .to.include('objectProducedByAgent')
      .and.include('entityMemberOfSet');
    const template = root.relations.find((r) => r.name === 'objectProducedByAgent')!.search.href;
    expect((await walk(template.replace('{id}', encodeURIComponent(PAINTER)))).map((i) => i.id)).to.deep.equal([
      PAINTING,
    ]);
  });

  it('_links only in the JSON-LD: no other format says anything of them', async () => {
    for (const format of ['ttl', 'nt', 'nq', 'trig', 'rdf']) {
      const text = await (await follow(`${PAINTER}?format=${format}`)).text();
      expect(text, format).to.not.match(/_links|curies|apiVersion|objectProducedByAgent|linkedart-service/);
    }
  });

  it("a write that changes a count changes the counted entity's _links and ETag; a delete takes them back", async () => {
    const before = await follow(PAINTER);
    const etag = before.headers.get('etag');
    const sketch = `${BASE}object/harbour-sketch`;
    const put = await fetch(app.origin + new URL(sketch).pathname, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' },
      body: JSON.stringify({
        '@context': 'https://linked.art/ns/v1/linked-art.json',
        id: sketch,
        type: 'HumanMadeObject',
        _label: 'Sketch for Harbour at Dusk',
        produced_by: {
          type: 'Production',
          carried_out_by: [{ id: PAINTER, type: 'Person', _label: 'Edith Anne Marrow' }],
        },
        _links: { self: sketch, 'la:objectProducedByAgent': { href: 'https://elsewhere.example/' } },
      }),
    });
    expect(put.status).to.equal(201);
    const answer = (await put.json()) as { warnings: string[] };
    expect(answer.warnings.join('\n')).to.match(/"_links" \(HAL links\) is not data: it was dropped.*\[hal-links\]/);
    const after = await follow(PAINTER);
    expect(after.headers.get('etag')).to.not.equal(etag);
    const link = ((await after.json()) as { _links: Record<string, Link> })._links['la:objectProducedByAgent'];
    expect(link._estimate).to.equal(2);
    expect((await walk(link.href)).map((i) => i.id)).to.deep.equal([PAINTING, sketch].sort());
    // The sketch's own _links are the service's, not the ones it was sent with.
    const sketchLinks = await links(sketch);
    expect(sketchLinks.self).to.equal(sketch);
    expect(sketchLinks).to.not.have.property('la:objectProducedByAgent');
    const nt = await (await follow(`${sketch}?format=nt`)).text();
    expect(nt).to.not.contain('elsewhere.example');
    const del = await fetch(app.origin + new URL(sketch).pathname, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(del.status).to.equal(204);
    const restored = await follow(PAINTER);
    expect(restored.headers.get('etag')).to.equal(etag);
  });

  it('a conditional PUT with the ETag a GET gave (its _links in it) succeeds', async () => {
    const response = await follow(PAINTING);
    const document = (await response.json()) as Json;
    const put = await fetch(app.origin + new URL(PAINTING).pathname, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        'Content-Type': 'application/ld+json',
        'If-Match': response.headers.get('etag')!,
      },
      body: JSON.stringify(document),
    });
    expect(put.status).to.equal(200);
  });
});

describe('Discovery: --links off', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, links: 'off' });
  });
  after(async () => {
    await app.close();
  });

  it('documents are served without _links; the search pages still answer', async () => {
    const painter = (await (await fetch(`${app.origin}/collection/person/edith-marrow`)).json()) as Json;
    expect(painter).to.not.have.property('_links');
    const page = (await (
      await fetch(`${app.origin}/collection/_links/objectProducedByAgent?id=${encodeURIComponent(PAINTER)}&page=1`)
    ).json()) as Page;
    expect(page.orderedItems.map((i) => i.id)).to.deep.equal([PAINTING]);
  });
});
