import { expect } from 'chai';
import { Store, literal, namedNode, quad } from 'oxigraph';
import { Parser } from 'sparqljs';
import { SparqlRefused, SparqlSyntaxError, SparqlTooLarge } from '../../../src/sparql/errors.js';
import { parseQuery, parseUpdate } from '../../../src/sparql/parseSparql.js';

const LIMITS = { maxRows: 10, maxQueryBytes: 10_000 };
const UPDATE_AS_QUERY =
  'This is a SPARQL Update; send it as update= or application/sparql-update, with the curator token.';
const SERVICE_REFUSED =
  'SERVICE <http://example.org/sparql> is not allowed: this endpoint does not query other endpoints.';

/** The error a call throws, for checking its class and properties. */
function thrown(call: () => unknown): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, got none');
}

/** The top-level LIMIT of a query text, as sparqljs reads it. */
function limitOf(text: string): number | undefined {
  return (new Parser().parse(text) as { limit?: number }).limit;
}

describe('parseQuery / parseUpdate', () => {
  describe('size', () => {
    it('refuses a text longer than the limit, counting bytes, before parsing it', () => {
      const text = 'SELECT * WHERE { ?s ?p "é" }'; // 28 characters, 29 bytes
      const error = thrown(() => parseQuery(text, { maxRows: 10, maxQueryBytes: 28 }));
      expect(error).to.be.instanceOf(SparqlTooLarge);
      expect(error).to.include({ bytes: 29, limit: 28 });
      expect(thrown(() => parseQuery('not sparql at all', { maxRows: 10, maxQueryBytes: 5 }))).to.be.instanceOf(
        SparqlTooLarge,
      );
      expect(thrown(() => parseUpdate('CLEAR ALL', { maxQueryBytes: 8 }))).to.be.instanceOf(SparqlTooLarge);
    });

    it('accepts a text exactly at the limit', () => {
      const text = 'ASK { ?s ?p ?o }';
      expect(parseQuery(text, { maxRows: 10, maxQueryBytes: Buffer.byteLength(text) }).form).to.equal('ask');
    });
  });

  describe('syntax errors', () => {
    const table: Array<[string, number, number]> = [
      ['SELECT * WHERE { ?s ?p }', 1, 21],
      ['SELECT ?x WHERE {\n  ?s ?p ?o .\n  FILTER(}', 3, 9],
      ['} SELECT', 1, 1],
      ['SELECT * WHERE { ?s ?p ?o } GROUP BY ?s', 1, 27],
    ];
    for (const [text, line, column] of table) {
      it(`${JSON.stringify(text)}: line ${line}, column ${column}, with the parser's excerpt`, () => {
        const error = thrown(() => parseQuery(text, LIMITS));
        expect(error).to.be.instanceOf(SparqlSyntaxError);
        expect(error).to.include({ line, column });
        expect(error.message).to.match(new RegExp(`^Syntax error at line ${line}, column ${column}:\\n`));
        expect(error.message).to.match(/\n-*\^\nExpecting /);
        expect(error.message).not.to.match(/Parse error on line/);
      });
    }

    it('an update with a syntax error gets the same treatment', () => {
      const error = thrown(() => parseUpdate('INSERT DATA { <a:s> <a:p> }', LIMITS));
      expect(error).to.be.instanceOf(SparqlSyntaxError).and.include({ line: 1 });
      expect(error.message).to.match(/^Syntax error at line 1, column \d+:/);
    });

    it('errors found after parsing name the problem, without a position', () => {
      for (const [text, problem] of [
        ['SELECT ?o (COUNT(?s) AS ?c) WHERE { ?s ?p ?o }', /ungrouped variable \(\?o\)/],
        ['SELECT * WHERE { ?s ex:p ?o }', /Unknown prefix: ex/],
      ] as const) {
        const error = thrown(() => parseQuery(text, LIMITS));
        expect(error).to.be.instanceOf(SparqlSyntaxError);
        expect(error.message)
          .to.match(/^Syntax error: /)
          .and.match(problem);
        expect((error as SparqlSyntaxError).line).to.equal(undefined);
      }
    });

    it('SPARQL-star is not SPARQL 1.1', () => {
      expect(thrown(() => parseQuery('SELECT * WHERE { << ?s ?p ?o >> ?q ?r }', LIMITS))).to.be.instanceOf(
        SparqlSyntaxError,
      );
    });

    it('an empty text, or one with only comments or a prologue, is empty', () => {
      for (const text of ['', '   \n\t', '# only a comment\n', 'PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>']) {
        expect(thrown(() => parseQuery(text, LIMITS)))
          .to.be.instanceOf(SparqlSyntaxError)
          .with.property('message', 'The query is empty');
        expect(thrown(() => parseUpdate(text, LIMITS)))
          .to.be.instanceOf(SparqlSyntaxError)
          .with.property('message', 'The update is empty');
      }
    });
  });

  describe('the kind of text', () => {
    for (const text of [
      'INSERT DATA { <http://ex.org/s> <http://ex.org/p> "o" }',
      'DELETE WHERE { ?s ?p ?o }',
      'CLEAR ALL',
      'WITH <http://ex.org/g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }',
    ]) {
      it(`parseQuery refuses the update ${JSON.stringify(text)}`, () => {
        expect(thrown(() => parseQuery(text, LIMITS)))
          .to.be.instanceOf(SparqlRefused)
          .with.property('message', UPDATE_AS_QUERY);
      });
    }

    for (const text of [
      'SELECT * WHERE { ?s ?p ?o }',
      'ASK {}',
      'CONSTRUCT WHERE { ?s ?p ?o }',
      'DESCRIBE <http://ex.org/x>',
    ]) {
      it(`parseUpdate refuses the query ${JSON.stringify(text)}`, () => {
        const error = thrown(() => parseUpdate(text, LIMITS));
        expect(error).to.be.instanceOf(SparqlRefused);
        expect(error.message).to.match(/^This is a SPARQL query, not an update; send it as query=/);
      });
    }

    it('answers the form of each query', () => {
      expect(parseQuery('SELECT * WHERE { ?s ?p ?o }', LIMITS).form).to.equal('select');
      expect(parseQuery('ASK { ?s ?p ?o }', LIMITS).form).to.equal('ask');
      expect(parseQuery('CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }', LIMITS).form).to.equal('construct');
      expect(parseQuery('DESCRIBE ?s WHERE { ?s ?p ?o }', LIMITS).form).to.equal('describe');
    });

    it('counts the operations of an update', () => {
      expect(parseUpdate('INSERT DATA { <http://ex.org/s> <http://ex.org/p> "o" }', LIMITS).operations).to.equal(1);
      expect(
        parseUpdate(
          'PREFIX ex: <http://ex.org/>\nINSERT DATA { ex:s ex:p "o" } ;\nDELETE WHERE { ex:s ?p ?o } ;\nCLEAR GRAPH ex:g',
          LIMITS,
        ).operations,
      ).to.equal(3);
    });
  });

  describe('SERVICE and LOAD', () => {
    const S = 'SERVICE <http://example.org/sparql> { ?s ?p ?o }';
    const queries: Array<[string, string]> = [
      ['at the top', `SELECT * WHERE { ${S} }`],
      ['SILENT', `SELECT * WHERE { SERVICE SILENT <http://example.org/sparql> { ?s ?p ?o } }`],
      ['in OPTIONAL', `SELECT * WHERE { ?s ?p ?o OPTIONAL { ${S} } }`],
      ['in UNION', `SELECT * WHERE { { ?s ?p ?o } UNION { ${S} } }`],
      ['in MINUS', `SELECT * WHERE { ?s ?p ?o MINUS { ${S} } }`],
      ['in GRAPH', `SELECT * WHERE { GRAPH ?g { ${S} } }`],
      ['in a subquery', `SELECT * WHERE { ?s ?p ?o { SELECT ?s WHERE { { ${S} } } LIMIT 1 } }`],
      ['in FILTER EXISTS', `SELECT * WHERE { ?s ?p ?o FILTER EXISTS { ${S} } }`],
      ['in FILTER NOT EXISTS', `SELECT * WHERE { ?s ?p ?o FILTER (!(?o = 1) && NOT EXISTS { OPTIONAL { ${S} } }) }`],
      ['in BIND(EXISTS)', `SELECT * WHERE { ?s ?p ?o BIND(EXISTS { ${S} } AS ?x) }`],
      ['in a projected expression', `SELECT ?s (EXISTS { ${S} } AS ?x) WHERE { ?s ?p ?o }`],
      ['in ORDER BY', `SELECT * WHERE { ?s ?p ?o } ORDER BY (EXISTS { ${S} })`],
      ['in an ASK', `ASK { ${S} }`],
      ['in a CONSTRUCT', `CONSTRUCT { ?s ?p ?o } WHERE { ${S} }`],
      ['in a DESCRIBE', `DESCRIBE ?s WHERE { ${S} }`],
    ];
    for (const [where, text] of queries) {
      it(`refuses SERVICE ${where}`, () => {
        expect(thrown(() => parseQuery(text, LIMITS)))
          .to.be.instanceOf(SparqlRefused)
          .with.property('message', SERVICE_REFUSED);
      });
    }

    it('names a SERVICE variable as a variable', () => {
      expect(thrown(() => parseQuery('SELECT * WHERE { ?e ?p ?o SERVICE ?e { ?s ?p ?o } }', LIMITS)))
        .to.be.instanceOf(SparqlRefused)
        .with.property('message', 'SERVICE ?e is not allowed: this endpoint does not query other endpoints.');
    });

    it('does not take the word "service" in data for a SERVICE clause', () => {
      expect(parseQuery('SELECT * WHERE { ?service <http://ex.org/service> "service" }', LIMITS).form).to.equal(
        'select',
      );
    });

    const updates: Array<[string, string]> = [
      ['in an update WHERE', `DELETE { ?s ?p ?o } WHERE { ${S} }`],
      ['in an update subquery', `INSERT { ?s ?p ?o } WHERE { { SELECT * WHERE { OPTIONAL { ${S} } } } }`],
      [
        'in the second operation',
        `INSERT DATA { <http://ex.org/s> <http://ex.org/p> 1 } ; DELETE { ?s ?p ?o } WHERE { ?s ?p ?o FILTER NOT EXISTS { ${S} } }`,
      ],
    ];
    for (const [where, text] of updates) {
      it(`refuses SERVICE ${where}`, () => {
        expect(thrown(() => parseUpdate(text, LIMITS)))
          .to.be.instanceOf(SparqlRefused)
          .with.property('message', SERVICE_REFUSED);
      });
    }

    for (const text of [
      'LOAD <http://example.org/dump.ttl>',
      'LOAD SILENT <http://example.org/dump.ttl> INTO GRAPH <http://ex.org/g>',
      'CLEAR GRAPH <http://ex.org/g> ; LOAD <http://example.org/dump.ttl>',
    ]) {
      it(`refuses ${JSON.stringify(text)}`, () => {
        expect(thrown(() => parseUpdate(text, LIMITS)))
          .to.be.instanceOf(SparqlRefused)
          .with.property(
            'message',
            'LOAD <http://example.org/dump.ttl> is not allowed: this endpoint does not fetch data from the web; load dumps with linkedart load.',
          );
      });
    }
  });

  describe('row limit', () => {
    const table: Array<[string, string, number | 'unchanged']> = [
      ['SELECT without LIMIT', 'SELECT * WHERE { ?s ?p ?o }', 11],
      ['SELECT with LIMIT 5', 'SELECT * WHERE { ?s ?p ?o } LIMIT 5', 'unchanged'],
      ['SELECT with LIMIT maxRows', 'SELECT * WHERE { ?s ?p ?o } LIMIT 10', 'unchanged'],
      ['SELECT with LIMIT 0', 'SELECT * WHERE { ?s ?p ?o } LIMIT 0', 'unchanged'],
      ['SELECT with LIMIT maxRows+1', 'SELECT * WHERE { ?s ?p ?o } LIMIT 11', 11],
      ['SELECT with LIMIT 1000000', 'SELECT * WHERE { ?s ?p ?o } LIMIT 1000000', 11],
      ['SELECT with OFFSET and no LIMIT', 'SELECT * WHERE { ?s ?p ?o } ORDER BY ?o OFFSET 3', 11],
      ['SELECT whose subquery has a LIMIT', 'SELECT * WHERE { { SELECT ?s WHERE { ?s ?p ?o } LIMIT 3 } ?s ?q ?r }', 11],
      ['CONSTRUCT without LIMIT', 'CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }', 11],
      ['CONSTRUCT WHERE with LIMIT 2', 'CONSTRUCT WHERE { ?s ?p ?o } LIMIT 2', 'unchanged'],
      ['DESCRIBE without LIMIT', 'DESCRIBE ?s WHERE { ?s ?p ?o }', 11],
      ['ASK', 'ASK { ?s ?p ?o }', 'unchanged'],
    ];
    for (const [name, text, expected] of table) {
      it(`${name}: ${expected === 'unchanged' ? 'text unchanged' : `LIMIT ${expected}`}`, () => {
        const parsed = parseQuery(text, LIMITS);
        if (expected === 'unchanged') expect(parsed.text).to.equal(text);
        else expect(limitOf(parsed.text)).to.equal(expected);
      });
    }

    it('keeps the subquery LIMIT, the OFFSET and the order when it adds its own', () => {
      const text = parseQuery(
        'SELECT * WHERE { { SELECT ?s WHERE { ?s ?p ?o } ORDER BY ?s LIMIT 3 } } ORDER BY DESC(?s) OFFSET 2',
        LIMITS,
      ).text;
      expect(text)
        .to.match(/LIMIT 3\b/)
        .and.match(/OFFSET 2\b/)
        .and.match(/LIMIT 11\b/)
        .and.match(/DESC/);
    });

    it('keeps BASE and every PREFIX, used or not', () => {
      const text = parseQuery(
        [
          'BASE <http://ex.org/base/>',
          'PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>',
          'PREFIX unused: <http://ex.org/unused#>',
          'SELECT ?o WHERE { ?o a crm:E22_Human-Made_Object ; <relative> ?x }',
        ].join('\n'),
        LIMITS,
      ).text;
      expect(text).to.include('BASE <http://ex.org/base/>');
      expect(text).to.include('PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>');
      expect(text).to.include('PREFIX unused: <http://ex.org/unused#>');
      expect(text).to.include('crm:E22_Human-Made_Object');
      expect(limitOf(text)).to.equal(11);
    });

    it('regenerated texts run on Oxigraph, and are cut at maxRows + 1', () => {
      const store = new Store();
      for (let i = 0; i < 30; i++) {
        store.add(quad(namedNode(`http://ex.org/s${i}`), namedNode('http://ex.org/p'), literal(String(i))));
        store.add(
          quad(
            namedNode(`http://ex.org/s${i}`),
            namedNode('http://www.w3.org/2000/01/rdf-schema#label'),
            literal(`label ${i}`, 'en'),
          ),
        );
      }
      const queries: Array<[string, number]> = [
        ['PREFIX ex: <http://ex.org/> SELECT * WHERE { ?s ex:p ?o }', 11],
        [
          'PREFIX ex: <http://ex.org/> SELECT ?s (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?s HAVING (COUNT(*) > 1) ORDER BY DESC(?n) ?s',
          11,
        ],
        ['SELECT (GROUP_CONCAT(?o; SEPARATOR=", ") AS ?all) WHERE { ?s <http://ex.org/p> ?o }', 1],
        [
          'SELECT DISTINCT ?s WHERE { _:b <http://ex.org/p> ?x . ?s ?p [] FILTER NOT EXISTS { ?s ?p "nothing"@en } } VALUES ?x { "1" "2" }',
          11,
        ],
        [
          'SELECT ?s ?l WHERE { ?s (<http://ex.org/p>|<http://www.w3.org/2000/01/rdf-schema#label>)+ ?l OPTIONAL { ?s <http://ex.org/q> ?q } } OFFSET 50',
          10,
        ],
        ['SELECT * WHERE { ?s <http://ex.org/p> ?o } LIMIT 1000', 11],
        ['CONSTRUCT { ?s <http://ex.org/copy> ?o } WHERE { ?s <http://ex.org/p> ?o }', 11],
        ['CONSTRUCT WHERE { ?s <http://ex.org/p> ?o }', 11],
        ['DESCRIBE ?s WHERE { ?s <http://ex.org/p> ?o }', 22],
      ];
      for (const [given, expected] of queries) {
        const { text } = parseQuery(given, LIMITS);
        let result: unknown;
        try {
          result = store.query(text);
        } catch (error) {
          throw new Error(`Oxigraph refuses the regenerated text of ${given}:\n${text}\n${(error as Error).message}`);
        }
        expect(result, `${given}\n→ ${text}`).to.be.an('array').with.lengthOf(expected);
      }
    });
  });
});

describe("parseUpdate with the protocol's using-graph-uri / using-named-graph-uri", () => {
  const LIMITS_U = { maxQueryBytes: 100_000 };
  it('writes them as the USING / USING NAMED of each DELETE/INSERT, and leaves other operations alone', () => {
    const { text, operations } = parseUpdate(
      'INSERT DATA { GRAPH <http://x/a> { <http://x/a> <http://x/p> "1" } } ; DELETE { GRAPH ?g { ?s <http://x/p> ?o } } WHERE { GRAPH ?g { ?s <http://x/p> ?o } }',
      LIMITS_U,
      { usingGraphs: ['http://x/d'], usingNamedGraphs: ['http://x/a', 'http://x/b'] },
    );
    expect(operations).to.equal(2);
    expect(text.replace(/\s+/g, ' ')).to.contain(
      'USING <http://x/d> USING NAMED <http://x/a> USING NAMED <http://x/b> WHERE',
    );
    expect(text.match(/USING/g)).to.have.lengthOf(3);
  });
  it('leaves the text byte for byte without them', () => {
    const given = '# a comment\nCLEAR GRAPH <http://x/a>';
    expect(parseUpdate(given, LIMITS_U, {}).text).to.equal(given);
  });
  for (const [clause, update] of [
    ['WITH', 'WITH <http://x/a> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }'],
    ['USING', 'DELETE { GRAPH ?g { ?s ?p ?o } } USING <http://x/a> WHERE { GRAPH ?g { ?s ?p ?o } }'],
  ] as const) {
    it(`refuses them for an update with ${clause} (Protocol §2.2.3)`, () => {
      expect(() => parseUpdate(update, LIMITS_U, { usingGraphs: ['http://x/d'] })).to.throw(
        SparqlRefused,
        new RegExp(`operation 1 has ${clause}`),
      );
    });
  }
});
