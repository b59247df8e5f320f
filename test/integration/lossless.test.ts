/**
 * Nothing is lost silently, on every write path: a document that would not come back whole is
 * refused by PUT (422) and by a load (in the report and the rejects file) with the `lossless`
 * rule first; one id given to a VisualItem and its DigitalObject comes back whole from a PUT,
 * from an N-Quads load with its hints, and after a SPARQL Update of the document.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writer } from 'n3';
import { hintCommentLines } from '../../src/export/hintComments.js';
import { ingestDocument } from '../../src/ingest/ingestDocument.js';
import type { Problem } from '../../src/linkedart/Problem.js';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { DocumentService } from '../../src/service/DocumentService.js';
import { commandsInOneProcess } from '../support/cliInOneProcess.js';
import { openTestStore, STORE_KIND, testStoreArgs } from '../support/testStore.js';
import { BASE, CRM, sendUpdate, TOKEN } from './support/sparqlClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const V1 = 'https://linked.art/ns/v1/linked-art.json';
const auth = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/ld+json' };
const IMAGE = 'https://images.example.org/pot.jpg';

const pot = (name: string, extra: Record<string, unknown> = {}): { id: string; [key: string]: unknown } => ({
  '@context': V1,
  id: `${BASE}object/${name}`,
  type: 'HumanMadeObject',
  _label: 'Pot',
  classified_as: [{ id: 'http://vocab.getty.edu/aat/300133025', type: 'Type', _label: 'works of art' }],
  identified_by: [{ type: 'Name', content: 'Pot' }],
  ...extra,
});
/** Two labels: a `_label` is one string, so the second would be lost. */
const twoLabels = (name: string) => pot(name, { _label: ['Pot', 'Topf'] });
/** The object's own id given to its VisualItem: one node, both kinds. */
const ownImage = (name: string) =>
  pot(name, { representation: [{ id: `${BASE}object/${name}`, type: 'VisualItem', _label: 'image' }] });
/** A VisualItem whose id is its image's URL, the DigitalObject with that id, and its access point again. */
const visual = (name: string) =>
  pot(name, {
    representation: [
      {
        id: IMAGE,
        type: 'VisualItem',
        digitally_shown_by: [
          {
            id: IMAGE,
            type: 'DigitalObject',
            classified_as: [{ id: 'http://vocab.getty.edu/aat/300215302', type: 'Type', _label: 'digital images' }],
            access_point: [{ id: IMAGE, type: 'DigitalObject' }],
          },
        ],
      },
    ],
  });

interface RejectLine {
  id?: string;
  problems: Problem[];
}

describe(`lossless writes (${STORE_KIND})`, function () {
  this.timeout(180000);

  describe('over HTTP', () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
    });
    after(async () => {
      await app.close();
    });
    const put = (doc: { id: string }) =>
      fetch(doc.id.replace(BASE, `${app.origin}/collection/`), {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify(doc),
      });
    const get = async (id: string) =>
      (await fetch(id.replace(BASE, `${app.origin}/collection/`))).json() as Promise<Record<string, unknown>>;

    it('PUT of a document that would lose a value: 422, the lossless rule, the path and the value; nothing stored', async () => {
      const response = await put(twoLabels('two-labels'));
      expect(response.status).to.equal(422);
      const answer = (await response.json()) as { errors: string[] };
      expect(answer.errors[0]).to.match(/^Violation at _label\[1\]: .*one string.*\(value: "Topf"\) \[lossless\]/);
      expect((await fetch(`${app.origin}/collection/object/two-labels`)).status).to.equal(404);
    });

    it("PUT of an object whose VisualItem has the object's id: 422, the shared id named first, the VisualItem rules as its consequences", async () => {
      const response = await put(ownImage('own-image'));
      expect(response.status).to.equal(422);
      const answer = (await response.json()) as { errors: string[] };
      expect(answer.errors[0]).to.contain(
        `Violation at representation[0]: the id ${BASE}object/own-image is used for a HumanMadeObject at the document itself and for a VisualItem at representation[0]; RDF makes them one thing`,
      );
      expect(answer.errors.find((e) => e.includes('[VisualWorkRepresentation]'))).to.match(
        /^Warning at .*\(a consequence of the shared id/,
      );
    });

    it('PUT of a VisualItem and its DigitalObject under one id: stored, and served whole', async () => {
      const doc = visual('visual');
      expect((await put(doc)).status).to.equal(201);
      const served = await get(doc.id);
      expect(served['representation']).to.deep.equal(doc['representation']);
    });

    it('a SPARQL Update of that document (its label) keeps the inner DigitalObject whole', async () => {
      const doc = visual('visual-updated');
      expect((await put(doc)).status).to.equal(201);
      const relabel = `DELETE DATA { GRAPH <${doc.id}> { <${doc.id}> <http://www.w3.org/2000/01/rdf-schema#label> "Pot" } } ;
        INSERT DATA { GRAPH <${doc.id}> { <${doc.id}> <http://www.w3.org/2000/01/rdf-schema#label> "Pot, relabelled" } }`;
      const response = await sendUpdate(app.origin, 'POST sparql-update', relabel, { token: TOKEN });
      expect(response.status, await response.clone().text()).to.equal(200);
      const served = await get(doc.id);
      expect(served['_label']).to.equal('Pot, relabelled');
      expect(served['representation']).to.deep.equal(doc['representation']);
    });
  });

  describe('linkedart load', () => {
    // What a load prints and answers is the subject here, not its process: one process runs them.
    const runCommand = commandsInOneProcess();
    const load = (args: string[]) => runCommand(['load', '--no-progress', ...args], process.env);
    let work: string;
    beforeEach(() => {
      work = mkdtempSync(join(tmpdir(), 'linkedart-lossless-'));
    });
    afterEach(() => {
      rmSync(work, { recursive: true, force: true });
    });

    it('refuses the documents that would lose a value: in the report and the rejects file, lossless first', async () => {
      const dump = join(work, 'dump.ndjson');
      const docs = [pot('fine'), twoLabels('two-labels'), ownImage('own-image')];
      writeFileSync(dump, docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
      const result = await load([
        ...(await testStoreArgs(join(work, 'data'))),
        '--rejects',
        join(work, 'r.ndjson'),
        dump,
      ]);
      expect(result.status, result.stderr).to.equal(1);
      expect(result.stderr).to.contain('lossless');
      expect(result.stdout + result.stderr).to.match(/1 new.*2 rejected/s);
      const rejects = readFileSync(join(work, 'r.ndjson'), 'utf8')
        .split('\n')
        .filter((l) => l)
        .map((l) => JSON.parse(l) as RejectLine);
      expect(rejects.map((r) => [r.id, r.problems[0].rule, r.problems[0].path])).to.deep.equal([
        [`${BASE}object/two-labels`, 'lossless', '_label[1]'],
        [`${BASE}object/own-image`, 'lossless', 'representation[0]'],
      ]);
    });

    it('an N-Quads dump with its hints of a VisualItem and its DigitalObject under one id: loaded with every triple, served whole', async () => {
      const doc = visual('visual');
      const ingested = ingestDocument(doc);
      writeFileSync(
        join(work, 'dump.nq'),
        new Writer({ format: 'N-Quads' }).quadsToString(ingested.quads) + hintCommentLines(ingested.hintQuads),
      );
      const data = await testStoreArgs(join(work, 'data'));
      const result = await load([...data, join(work, 'dump.nq')]);
      expect(result.status, result.stderr).to.equal(0);
      const store = await openTestStore(join(work, 'data'));
      try {
        const served = (await new DocumentService(store).get(doc.id))!.document as Record<string, unknown>;
        expect(served['representation']).to.deep.equal(doc['representation']);
        const digitalImages = `<${IMAGE}> <${CRM}P2_has_type> <http://vocab.getty.edu/aat/300215302>`;
        const stored = (await store.readGraphs([doc.id])).filter((q) => q.graph.value === doc.id);
        expect(stored.map((q) => `<${q.subject.value}> <${q.predicate.value}> <${q.object.value}>`)).to.include(
          digitalImages,
        );
      } finally {
        await store.close();
      }
    });
  });
});
