/**
 * SPARQL Update through /sparql, with the curator token, on the real app holding the demo: an
 * update breaking a rule is refused whole (422 listing the problems) and changes nothing; a
 * valid one answers the documents it touched, and their next dereference shows the change
 * (the render cache is invalidated); updates must name their graphs. The multi-operation
 * updates put their WHERE first: a remote store's trial refuses a WHERE after a change
 * (store/sparql/remoteTrial.ts), which has a test of its own here.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { REMOTE_STORE_URL, STORE_KIND } from '../support/testStore.js';
import { BASE, CRM, DOCS, PAINTING_ID, sendQuery, sendUpdate, TOKEN, type UpdateForm } from './support/sparqlClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const PREFIXES = `PREFIX crm: <${CRM}>\nPREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n`;
const FRAME_ID = `${BASE}object/harbour-at-dusk-frame`;
const COBLE_ID = `${BASE}concept/coble`;

interface Named {
  id?: string;
  type?: string;
  _label?: string;
  content?: string;
}
interface Entity extends Named {
  identified_by?: Named[];
}
interface UpdateAnswer {
  created: string[];
  replaced: string[];
  deleted: string[];
  unchanged: string[];
}
interface Problem {
  status: number;
  detail: string;
  problems?: Array<{ document?: string; severity: string; message: string }>;
  errors?: string[];
}

/** Deletes the content of the painting's primary Name: a Name without content breaks the rules. */
const DELETE_NAME_CONTENT = `${PREFIXES}DELETE { GRAPH <${PAINTING_ID}> { ?name crm:P190_has_symbolic_content ?content } }
WHERE { GRAPH <${PAINTING_ID}> { <${PAINTING_ID}> crm:P1_is_identified_by ?name . ?name crm:P190_has_symbolic_content ?content . FILTER(?content = "Harbour at Dusk") } }`;

const renameSold = (
  to: string,
): string => `${PREFIXES}DELETE { GRAPH <${PAINTING_ID}> { ?name crm:P190_has_symbolic_content ?content } }
INSERT { GRAPH <${PAINTING_ID}> { ?name crm:P190_has_symbolic_content ${JSON.stringify(to)} } }
WHERE { GRAPH <${PAINTING_ID}> { <${PAINTING_ID}> crm:P1_is_identified_by ?name . ?name crm:P190_has_symbolic_content ?content . FILTER(?content = "Whitby Harbour, Evening") } }`;

const relabelFrame = (
  to: string,
): string => `${PREFIXES}DELETE { GRAPH <${FRAME_ID}> { <${FRAME_ID}> rdfs:label ?label } }
INSERT { GRAPH <${FRAME_ID}> { <${FRAME_ID}> rdfs:label ${JSON.stringify(to)} } }
WHERE { GRAPH <${FRAME_ID}> { <${FRAME_ID}> rdfs:label ?label } }`;

const RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
/** The frame's label in the demo. */
const FRAME_LABEL = DOCS.find((d) => d.id === FRAME_ID)!.quads.find(
  (q) => q.subject.value === FRAME_ID && q.predicate.value === RDFS_LABEL,
)!.object.value;

/** The coble's label in the demo. */
const COBLE_LABEL = DOCS.find((d) => d.id === COBLE_ID)!.quads.find(
  (q) => q.subject.value === COBLE_ID && q.predicate.value === RDFS_LABEL,
)!.object.value;

/** relabelFrame without a WHERE: it may follow a change on either store. */
const relabelFrameData = (
  to: string,
): string => `DELETE DATA { GRAPH <${FRAME_ID}> { <${FRAME_ID}> <${RDFS_LABEL}> ${JSON.stringify(FRAME_LABEL)} } } ;
INSERT DATA { GRAPH <${FRAME_ID}> { <${FRAME_ID}> <${RDFS_LABEL}> ${JSON.stringify(to)} } }`;

describe('SPARQL Protocol: updates', function () {
  this.timeout(60000);
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, token: TOKEN });
  });
  afterEach(async () => {
    await app.close();
  });
  const dereference = async (id: string): Promise<{ status: number; body: Entity | undefined }> => {
    const response = await fetch(app.origin + new URL(id).pathname);
    return { status: response.status, body: response.status === 200 ? ((await response.json()) as Entity) : undefined };
  };
  const update = (form: UpdateForm, text: string): Promise<Response> =>
    sendUpdate(app.origin, form, text, { token: TOKEN });

  // Refused updates: name, text, what the detail says.
  const refused: Array<[string, string, RegExp]> = [
    ["deleting a Name's content", DELETE_NAME_CONTENT, new RegExp(PAINTING_ID)],
    [
      'a valid change together with a refused one',
      `${DELETE_NAME_CONTENT} ;\n${relabelFrameData('Gilt frame')}`,
      new RegExp(PAINTING_ID),
    ],
  ];
  for (const form of ['POST sparql-update', 'POST form'] as const) {
    for (const [name, text, detail] of refused) {
      it(`refuses ${name} by ${form} (422 listing the problems) and changes nothing`, async () => {
        const before = await Promise.all([dereference(PAINTING_ID), dereference(FRAME_ID)]);
        const response = await update(form, text);
        const body = await response.text();
        expect(response.status, body).to.equal(422);
        expect(response.headers.get('content-type')).to.equal('application/problem+json');
        const problem = JSON.parse(body) as Problem;
        expect(problem.detail).to.match(detail);
        expect(problem.problems).to.be.an('array').that.is.not.empty;
        expect(problem.problems!.every((p) => p.severity === 'Violation' && p.document === PAINTING_ID)).to.equal(true);
        expect(problem.errors).to.have.length(problem.problems!.length);
        expect(await Promise.all([dereference(PAINTING_ID), dereference(FRAME_ID)])).to.deep.equal(before);
      });
    }
  }

  /** Renames the painting's sold title and relabels the frame; answers 200 with both replaced and both dereferences showing the change. */
  const expectRenamedAndRelabelled = async (text: string, label: string): Promise<void> => {
    const before = await Promise.all([dereference(PAINTING_ID), dereference(FRAME_ID)]); // now in the render cache
    expect(before[0].body!.identified_by!.map((n) => n.content)).to.include('Whitby Harbour, Evening');
    const response = await update('POST sparql-update', text);
    const body = await response.text();
    expect(response.status, body).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    const answer = JSON.parse(body) as UpdateAnswer;
    expect(answer.replaced.sort()).to.deep.equal([PAINTING_ID, FRAME_ID].sort());
    expect(answer.created).to.deep.equal([]);
    expect(answer.deleted).to.deep.equal([]);
    const painting = (await dereference(PAINTING_ID)).body!;
    expect(painting.identified_by!.map((n) => n.content))
      .to.include('Whitby Harbour at Evening')
      .and.not.include('Whitby Harbour, Evening');
    expect((await dereference(FRAME_ID)).body!._label).to.equal(label);
    const ask = await sendQuery(
      app.origin,
      'GET',
      `${PREFIXES}ASK { GRAPH <${PAINTING_ID}> { ?n crm:P190_has_symbolic_content "Whitby Harbour at Evening" } }`,
    );
    expect(((await ask.json()) as { boolean: boolean }).boolean).to.equal(true);
  };

  it('answers a valid update with the documents replaced, and their next dereference shows the change', async () => {
    await expectRenamedAndRelabelled(
      `${renameSold('Whitby Harbour at Evening')} ;\n${relabelFrameData('Original gilt frame of Harbour at Dusk')}`,
      'Original gilt frame of Harbour at Dusk',
    );
  });

  const whereAfterChange = `${renameSold('Whitby Harbour at Evening')} ;\n${relabelFrame('Original gilt frame of Harbour at Dusk')}`;
  if (REMOTE_STORE_URL) {
    it(`on the ${STORE_KIND}: refuses an operation whose WHERE follows a change (422 saying to send it apart) and changes nothing`, async () => {
      // Virtuoso runs the operations of one update one by one, not atomically: the trial cannot see a change before matching the next WHERE.
      const before = await Promise.all([dereference(PAINTING_ID), dereference(FRAME_ID)]);
      const response = await update('POST sparql-update', whereAfterChange);
      const body = await response.text();
      expect(response.status, body).to.equal(422);
      expect((JSON.parse(body) as Problem).detail).to.match(
        /operation 2 matches data after earlier operations changed it.*separate updates/,
      );
      expect(await Promise.all([dereference(PAINTING_ID), dereference(FRAME_ID)])).to.deep.equal(before);
    });
  } else {
    it(`on the ${STORE_KIND}: runs an operation whose WHERE follows a change, on the changed data`, async () => {
      await expectRenamedAndRelabelled(whereAfterChange, 'Original gilt frame of Harbour at Dusk');
    });
  }

  it('applies a valid multi-operation update whole after a single-operation update changed a document (was 500: "changed graphs it did not name")', async () => {
    const first = await update('POST sparql-update', relabelFrame('Original gilt frame of Harbour at Dusk'));
    expect(first.status, await first.text()).to.equal(200);
    const renamePlaces = `${PREFIXES}DELETE { GRAPH ?g { ?s rdfs:label ?l } } INSERT { GRAPH ?g { ?s rdfs:label "Renamed" } }
WHERE { GRAPH ?g { ?s a crm:E53_Place ; rdfs:label ?l . FILTER(?s = ?g) } } ;
DELETE DATA { GRAPH <${COBLE_ID}> { <${COBLE_ID}> rdfs:label ${JSON.stringify(COBLE_LABEL)} } } ;
INSERT DATA { GRAPH <${COBLE_ID}> { <${COBLE_ID}> rdfs:label "Coble boat" } }`;
    for (let i = 0; i < 2; i++) {
      const response = await update('POST sparql-update', renamePlaces);
      const body = await response.text();
      expect(response.status, body).to.equal(200);
      const answer = JSON.parse(body) as UpdateAnswer;
      expect(answer.created).to.deep.equal([]);
      expect(answer.deleted).to.deep.equal([]);
      if (i === 0) expect(answer.replaced).to.include(COBLE_ID).and.include(`${BASE}place/whitby`);
      else expect(answer.replaced).to.deep.equal([]); // the same again: every document unchanged
    }
    expect((await dereference(`${BASE}place/whitby`)).body!._label).to.equal('Renamed');
    expect((await dereference(COBLE_ID)).body!._label).to.equal('Coble boat');
    const count = await sendQuery(
      app.origin,
      'GET',
      `${PREFIXES}SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s a crm:E53_Place ; rdfs:label "Renamed" . FILTER(?s = ?g) } }`,
    );
    const places = DOCS.filter((d) =>
      d.quads.some((q) => q.subject.value === d.id && q.object.value === `${CRM}E53_Place`),
    ).length;
    expect(
      ((await count.json()) as { results: { bindings: Array<{ n: { value: string } }> } }).results.bindings[0].n.value,
    ).to.equal(String(places));
  });

  describe('the dataset of the WHERE clauses: using-graph-uri / using-named-graph-uri (SPARQL 1.1 Protocol §2.2.3; were refused as not supported)', () => {
    const relabel = (where: string): string =>
      `${PREFIXES}DELETE { GRAPH ?s { ?s rdfs:label ?l } } INSERT { GRAPH ?s { ?s rdfs:label "Relabelled" } } ${where}`;
    const cases: Array<[string, UpdateForm, string, Array<[string, string]>, string[]]> = [
      [
        'using-graph-uri is the default graph the WHERE matches',
        'POST sparql-update',
        relabel(`WHERE { ?s rdfs:label ?l FILTER(?s IN (<${FRAME_ID}>, <${COBLE_ID}>)) }`),
        [['using-graph-uri', FRAME_ID]],
        [FRAME_ID],
      ],
      [
        'two using-graph-uri merge their graphs',
        'POST form',
        relabel(`WHERE { ?s rdfs:label ?l FILTER(?s IN (<${FRAME_ID}>, <${COBLE_ID}>)) }`),
        [
          ['using-graph-uri', FRAME_ID],
          ['using-graph-uri', COBLE_ID],
        ],
        [FRAME_ID, COBLE_ID],
      ],
      [
        'using-named-graph-uri names the graphs GRAPH ?g matches',
        'POST form',
        relabel(`WHERE { GRAPH ?s { ?s rdfs:label ?l } }`),
        [['using-named-graph-uri', COBLE_ID]],
        [COBLE_ID],
      ],
      [
        'using-named-graph-uri alone leaves the default graph empty',
        'POST sparql-update',
        relabel(`WHERE { ?s rdfs:label ?l FILTER(?s IN (<${FRAME_ID}>, <${COBLE_ID}>)) }`),
        [['using-named-graph-uri', COBLE_ID]],
        [],
      ],
    ];
    for (const [name, form, text, params, replaced] of cases) {
      it(`${name} (${form})`, async () => {
        const response = await sendUpdate(app.origin, form, text, { token: TOKEN, params });
        const body = await response.text();
        expect(response.status, body).to.equal(200);
        expect((JSON.parse(body) as UpdateAnswer).replaced.sort()).to.deep.equal([...replaced].sort());
        for (const id of [FRAME_ID, COBLE_ID]) {
          expect((await dereference(id)).body!._label === 'Relabelled', id).to.equal(replaced.includes(id));
        }
      });
    }

    it('leaves an operation without WHERE (INSERT DATA) as it is', async () => {
      const response = await sendUpdate(app.origin, 'POST sparql-update', relabelFrameData('Gilt frame'), {
        token: TOKEN,
        params: [['using-graph-uri', COBLE_ID]],
      });
      const body = await response.text();
      expect(response.status, body).to.equal(200);
      expect((JSON.parse(body) as UpdateAnswer).replaced).to.deep.equal([FRAME_ID]);
    });
  });

  it('answers an update by form that changes nothing with the document unchanged, and leaves it the same', async () => {
    const before = await dereference(FRAME_ID);
    const noChange = relabelFrame('Original frame of Harbour at Dusk');
    const response = await update('POST form', noChange);
    const body = await response.text();
    expect(response.status, body).to.equal(200);
    expect(JSON.parse(body)).to.deep.equal({ created: [], replaced: [], deleted: [], unchanged: [FRAME_ID] });
    expect(await dereference(FRAME_ID)).to.deep.equal(before);
  });

  it('deletes a document the update empties', async () => {
    expect((await dereference(COBLE_ID)).status).to.equal(200);
    const response = await update('POST form', `DELETE WHERE { GRAPH <${COBLE_ID}> { ?s ?p ?o } }`);
    const body = await response.text();
    expect(response.status, body).to.equal(200);
    expect((JSON.parse(body) as UpdateAnswer).deleted).to.deep.equal([COBLE_ID]);
    expect((await dereference(COBLE_ID)).status).to.equal(410);
  });

  // Updates outside the entity graphs: name, text, what the detail says.
  const outside: Array<[string, string, RegExp]> = [
    [
      'writing into the default graph',
      `INSERT DATA { <${PAINTING_ID}> <http://www.w3.org/2000/01/rdf-schema#label> "x" }`,
      /default graph/i,
    ],
    [
      'writing into an internal graph',
      `INSERT DATA { GRAPH <urn:linkedart-service:hints:${PAINTING_ID}> { <${PAINTING_ID}> <urn:x> "x" } }`,
      /graph/i,
    ],
  ];
  for (const [name, text, detail] of outside) {
    it(`refuses ${name} (422)`, async () => {
      const response = await update('POST sparql-update', text);
      const body = await response.text();
      expect(response.status, body).to.equal(422);
      expect((JSON.parse(body) as Problem).detail).to.match(detail);
    });
  }
});
