/**
 * Ingest and render against jsonld.js on the 155 corpus documents we accept, in one run:
 * ingest (document to quads) vs jsonld.toRDF, and the render path (SPARQL CONSTRUCT of the
 * entity's graph and hint graph in Oxigraph, then our render) vs jsonld.frame of the same
 * quads. Targets: ingest at least 20x, render path at least 50x faster (by median).
 */
import jsonld from 'jsonld';
import ox from 'oxigraph';
import { hintGraphOf } from '../../src/hints/Skeleton.js';
import { ingestDocument, type IngestedDocument } from '../../src/ingest/ingestDocument.js';
import { renderDocument } from '../../src/rebuild/renderDocument.js';
import { shaclValidator } from '../../src/validate/ShaclValidator.js';
import type { Quad, Term } from '../../src/rdf/terms.js';
import { CORPUS_DIR, readDocuments } from '../support/corpus.js';
import { documentLoader, toNTriples } from '../support/rdf.js';
import { ms, summarize, timeEach, type Timing } from './stats.js';

export interface DocumentsBench {
  rows: string[][];
  ingestRatio: number;
  renderRatio: number;
  validateMedian: number;
}

function oxTerm(t: Term): ox.Term {
  if (t.termType === 'NamedNode') return ox.namedNode(t.value);
  if (t.termType === 'BlankNode') return ox.blankNode(t.value);
  const lit = t as Term & { language?: string; datatype?: { value: string } };
  return ox.literal(t.value, lit.language || ox.namedNode(lit.datatype!.value));
}

export async function benchDocuments(rounds = 3): Promise<DocumentsBench> {
  const docs = readDocuments(CORPUS_DIR).flatMap((d) => {
    try {
      return [{ json: d.json, ingested: ingestDocument(d.json) }];
    } catch {
      return [];
    }
  });
  const store = new ox.Store();
  for (const { ingested } of docs) {
    for (const q of [...ingested.quads, ...ingested.hintQuads]) {
      store.add(
        ox.quad(
          oxTerm(q.subject) as ox.NamedNode,
          oxTerm(q.predicate) as ox.NamedNode,
          oxTerm(q.object) as ox.NamedNode,
          oxTerm(q.graph) as ox.NamedNode,
        ),
      );
    }
  }
  const construct = (ingested: IngestedDocument): Quad[] => {
    const quads: Quad[] = [];
    for (const g of [ingested.id, hintGraphOf(ingested.id)]) {
      const result = store.query(`CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <${g}> { ?s ?p ?o } }`) as ox.Quad[];
      for (const q of result)
        quads.push({
          subject: q.subject,
          predicate: q.predicate,
          object: q.object,
          graph: { termType: 'NamedNode', value: g },
        } as unknown as Quad);
    }
    return quads;
  };
  const expanded = new Map<IngestedDocument, object>();
  for (const { ingested } of docs) {
    expanded.set(
      ingested,
      await jsonld.fromRDF(toNTriples(ingested.quads), {
        format: 'application/n-quads',
        useNativeTypes: true,
      } as jsonld.Options.FromRdf),
    );
  }

  const runs: Record<string, number[]> = {
    ours: [],
    toRDF: [],
    validate: [],
    renderPath: [],
    renderOnly: [],
    construct: [],
    frame: [],
  };
  const validator = shaclValidator();
  for (let r = 0; r < rounds; r++) {
    runs['ours'].push(...(await timeEach(docs, (d) => ingestDocument(d.json))));
    runs['toRDF'].push(...(await timeEach(docs, (d) => jsonld.toRDF(d.json as never, { documentLoader } as never), 0)));
    runs['validate'].push(...(await timeEach(docs, (d) => validator.validate(d.ingested.id, d.ingested.quads))));
    runs['construct'].push(...(await timeEach(docs, (d) => construct(d.ingested))));
    runs['renderOnly'].push(
      ...(await timeEach(docs, (d) => renderDocument(d.ingested.id, [...d.ingested.quads, ...d.ingested.hintQuads]))),
    );
    runs['renderPath'].push(...(await timeEach(docs, (d) => renderDocument(d.ingested.id, construct(d.ingested)))));
    runs['frame'].push(
      ...(await timeEach(
        docs,
        (d) =>
          jsonld.frame(
            expanded.get(d.ingested)!,
            { '@context': 'https://linked.art/ns/v1/linked-art.json', '@id': d.ingested.id, '@embed': '@always' },
            { documentLoader, omitGraph: true } as never,
          ),
        0,
      )),
    );
  }
  const t = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, summarize(v)])) as Record<string, Timing>;
  const row = (name: string, timing: Timing, versus?: Timing): string[] => [
    name,
    ms(timing.median),
    ms(timing.p95),
    timing.perSecond.toFixed(0),
    versus ? `${(versus.median / timing.median).toFixed(1)}x` : '',
  ];
  return {
    rows: [
      row('jsonld.toRDF (reference)', t['toRDF']),
      row('ingest: document to quads (ours)', t['ours'], t['toRDF']),
      row('validate: SHACL shapes (ours; target 2 ms median)', t['validate']),
      row('jsonld.frame (reference)', t['frame']),
      row('render path: CONSTRUCT + render (ours)', t['renderPath'], t['frame']),
      row('  of which CONSTRUCT (2 graphs)', t['construct']),
      row('  of which render', t['renderOnly']),
    ],
    ingestRatio: t['toRDF'].median / t['ours'].median,
    renderRatio: t['frame'].median / t['renderPath'].median,
    validateMedian: t['validate'].median,
  };
}
