/**
 * The trial of a curator's update on an Engine (the query replica's store): for each form of
 * SPARQL Update, the graphs it touches and their quads after it, and the store given back
 * exactly as it was; writes outside documents' graphs refused.
 */
import { expect } from 'chai';
import { Engine, withDefaultCopy } from '../../../src/store/embedded/engine.js';
import { tryUpdate } from '../../../src/store/embedded/trialUpdate.js';

const EX = 'http://example.org/';
const PREFIX = `PREFIX ex: <${EX}> `;

/** An engine as the query replica keeps it: entity graphs, and their union as the stored default graph. */
function seeded(): Engine {
  const engine = new Engine(false);
  engine.replaceGraphsKeepingUnion(
    [`${EX}a`, `${EX}b`, `${EX}c`],
    withDefaultCopy(
      [
        `<${EX}a> <${EX}p> "1" <${EX}a> .`,
        `<${EX}a> <${EX}q> _:x <${EX}a> .`,
        `_:x <${EX}r> "deep" <${EX}a> .`,
        `<${EX}b> <${EX}p> "2" <${EX}b> .`,
        `<${EX}c> <${EX}s> "3" <${EX}c> .`,
      ].join('\n') + '\n',
    ),
  );
  return engine;
}

function snapshot(engine: Engine): string[] {
  const union = engine.query('SELECT ?s ?p ?o WHERE { ?s ?p ?o }', 'asWritten');
  const unionRows =
    union.kind === 'bindings'
      ? union.rows
          .map((r) => [r.s, r.p, r.o].map((t) => (t.t === 'B' ? 'B' : t.v)).join(' '))
          .sort()
          .join('|')
      : '';
  return [
    unionRows,
    ...[`${EX}a`, `${EX}b`, `${EX}c`, `${EX}new`].map((g) =>
      engine
        .readGraphs([g])
        .map((q) => JSON.stringify(q.slice(0, 3).map((t) => (t.t === 'B' ? 'B' : t.v))))
        .sort()
        .join('|'),
    ),
  ];
}

/** update → the graphs it must report, and how many quads each holds after it. */
const CASES: Array<[string, string, Record<string, number>]> = [
  ['INSERT DATA into a named graph', `INSERT DATA { GRAPH ex:a { ex:a ex:t "x" } }`, { [`${EX}a`]: 4 }],
  ['DELETE DATA', `DELETE DATA { GRAPH ex:b { ex:b ex:p "2" } }`, { [`${EX}b`]: 0 }],
  [
    'DELETE/INSERT with GRAPH ?g bound by WHERE',
    `DELETE { GRAPH ?g { ?s ex:p ?o } } INSERT { GRAPH ?g { ?s ex:p "changed" } } WHERE { GRAPH ?g { ?s ex:p ?o } }`,
    { [`${EX}a`]: 3, [`${EX}b`]: 1 },
  ],
  ['DELETE WHERE with GRAPH ?g', `DELETE WHERE { GRAPH ?g { ?s ex:s ?o } }`, { [`${EX}c`]: 0 }],
  [
    'WITH names the graph of the templates and of WHERE',
    `WITH ex:a DELETE { ?s ex:p ?o } WHERE { ?s ex:p ?o }`,
    { [`${EX}a`]: 2 },
  ],
  [
    'USING gives WHERE its dataset',
    `DELETE { GRAPH ?g { ?s ex:p ?o } } USING NAMED ex:b WHERE { GRAPH ?g { ?s ex:p ?o } }`,
    { [`${EX}b`]: 0 },
  ],
  ['a new graph', `INSERT DATA { GRAPH ex:new { ex:new ex:p "n" } }`, { [`${EX}new`]: 1 }],
  ['CLEAR GRAPH', `CLEAR GRAPH ex:c`, { [`${EX}c`]: 0 }],
  ['DROP NAMED', `DROP NAMED`, { [`${EX}a`]: 0, [`${EX}b`]: 0, [`${EX}c`]: 0 }],
  ['COPY', `COPY ex:b TO ex:c`, { [`${EX}c`]: 1 }],
  ['MOVE', `MOVE ex:b TO ex:new`, { [`${EX}b`]: 0, [`${EX}new`]: 1 }],
  ['ADD', `ADD ex:b TO ex:c`, { [`${EX}c`]: 2 }],
  [
    'two operations, the second seeing the first',
    `INSERT DATA { GRAPH ex:new { ex:new ex:p "n" } } ; DELETE { GRAPH ?g { ?s ex:p "n" } } WHERE { GRAPH ?g { ?s ex:p "n" } }`,
    { [`${EX}new`]: 0 },
  ],
  [
    'a WHERE that matches nothing touches nothing',
    `DELETE { GRAPH ?g { ?s ex:nothing ?o } } WHERE { GRAPH ?g { ?s ex:nothing ?o } }`,
    {},
  ],
];

describe('trialUpdate: what an update would do, with nothing changed', () => {
  for (const [name, update, expected] of CASES) {
    it(name, () => {
      const engine = seeded();
      const before = snapshot(engine);
      const touched = tryUpdate(engine, PREFIX + update);
      const counts = Object.fromEntries(touched.map(([g, quads]) => [g, quads.length]));
      expect(counts).to.deep.equal(expected);
      expect(snapshot(engine), 'the store as it was').to.deep.equal(before);
    });
  }

  it('matches a WHERE without GRAPH against the union of the documents', () => {
    const touched = tryUpdate(seeded(), PREFIX + `INSERT { GRAPH ?s { ?s ex:seen "yes" } } WHERE { ?s ex:p ?o }`);
    expect(touched.map(([g, quads]) => [g, quads.length]).sort()).to.deep.equal([
      [`${EX}a`, 4],
      [`${EX}b`, 2],
    ]);
    const bound = tryUpdate(seeded(), PREFIX + `INSERT { GRAPH ex:new { ?s ex:seen "yes" } } WHERE { ?s ex:p ?o }`);
    expect(bound.map(([g, quads]) => [g, quads.length])).to.deep.equal([[`${EX}new`, 2]]);
  });

  it('reports the quads the update leaves, blank nodes included', () => {
    const touched = new Map(tryUpdate(seeded(), PREFIX + `INSERT DATA { GRAPH ex:a { ex:a ex:t "x" } }`));
    const values = touched
      .get(`${EX}a`)!
      .map((q) => q[2].v)
      .sort();
    expect(values).to.include.members(['1', 'deep', 'x']);
  });

  it('gives a graph back with its very blank nodes, so the union still matches it and a later trial of two operations runs (was: "changed graphs it did not name")', () => {
    const engine = seeded();
    const sameNode = `ASK { ex:a ex:q ?x . ?x ex:r "deep" . GRAPH ex:a { ex:a ex:q ?x . ?x ex:r "deep" } }`;
    tryUpdate(engine, PREFIX + `INSERT DATA { GRAPH ex:a { ex:a ex:t "x" } }`);
    expect(engine.query(PREFIX + sameNode, 'asWritten')).to.deep.equal({ kind: 'boolean', value: true });
    const before = [snapshot(engine), engine.size()];
    const touched = tryUpdate(
      engine,
      PREFIX +
        `DELETE { GRAPH ?g { ?s ex:q ?o } } WHERE { GRAPH ?g { ?s ex:q ?o } } ; INSERT DATA { GRAPH ex:b { ex:b ex:t "y" } }`,
    );
    expect(touched.map(([g, quads]) => [g, quads.length]).sort()).to.deep.equal([
      [`${EX}a`, 2],
      [`${EX}b`, 2],
    ]);
    expect([snapshot(engine), engine.size()]).to.deep.equal(before);
    expect(engine.query(PREFIX + sameNode, 'asWritten')).to.deep.equal({ kind: 'boolean', value: true });
  });

  it("lets a second operation match the first one's changes in the default graph, a triple still stated elsewhere kept", () => {
    const engine = seeded();
    engine.replaceGraphsKeepingUnion([`${EX}d`], withDefaultCopy(`<${EX}b> <${EX}p> "2" <${EX}d> .\n`));
    const touched = new Map(
      tryUpdate(
        engine,
        PREFIX +
          `DELETE DATA { GRAPH ex:b { ex:b ex:p "2" } } ; ` +
          `INSERT { GRAPH ex:new { ?s ex:seen ?o } } WHERE { ?s ex:p ?o }`,
      ),
    );
    // ex:b ex:p "2" is still stated by ex:d, so the union keeps it: the second operation sees it.
    expect(
      touched
        .get(`${EX}new`)!
        .map((q) => q[0].v)
        .sort(),
    ).to.deep.equal([`${EX}a`, `${EX}b`]);
  });

  const REFUSED: Array<[string, string, RegExp]> = [
    ['a triple in the default graph', `INSERT DATA { ex:a ex:p "loose" }`, /default graph/],
    ['CLEAR ALL (the default graph with the rest)', `CLEAR ALL`, /default graph/],
    [
      'DELETE/INSERT without GRAPH or WITH',
      `INSERT { ?s ex:t "x" } WHERE { GRAPH ?g { ?s ex:p ?o } }`,
      /default graph/,
    ],
    [
      'an internal graph',
      `INSERT DATA { GRAPH <urn:linkedart-service:hints:${EX}a> { ex:a ex:p "x" } }`,
      /service's own graphs/,
    ],
    ['LOAD', `LOAD <http://example.org/dump.ttl> INTO GRAPH ex:a`, /LOAD .* not allowed/],
  ];
  for (const [name, update, message] of REFUSED) {
    it(`refuses ${name}, changing nothing`, () => {
      const engine = seeded();
      const before = snapshot(engine);
      expect(() => tryUpdate(engine, PREFIX + update)).to.throw(message);
      expect(snapshot(engine)).to.deep.equal(before);
    });
  }
});
