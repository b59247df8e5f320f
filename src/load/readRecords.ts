/**
 * The records of one input, by its format: JSON-LD and NDJSON cut into documents, RDF dumps
 * split into documents by graph, `#@document` line or subject. One reading for `linkedart load`
 * and `linkedart validate`, so both see the same documents at the same places.
 */
import type { Readable } from 'node:stream';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../ingest/documentLimits.js';
import type { LoadInput } from './inputs.js';
import { jsonRecords } from './jsonRecords.js';
import type { LoadRecord } from './records.js';
import { rdfRecords } from './rdfRecords.js';
import { graphLimitsExceeded } from '../ingest/graphLimits.js';
import { limitProblem } from '../ingest/documentLimits.js';

export function readRecords(
  stream: Readable,
  input: Pick<LoadInput, 'format'>,
  options: { baseUrl?: string; limits?: DocumentLimits } = {},
): AsyncGenerator<LoadRecord> {
  switch (input.format) {
    case 'jsonld':
    case 'ndjson':
      return jsonRecords(stream, options.limits ?? DEFAULT_DOCUMENT_LIMITS);
    default:
      return withinLimits(
        rdfRecords(stream, input.format, { baseUrl: options.baseUrl }),
        options.limits ?? DEFAULT_DOCUMENT_LIMITS,
      );
  }
}

/** Each graph held against the limits on one document before anything renders it (graphLimits.ts); one past them is refused. */
async function* withinLimits(records: AsyncGenerator<LoadRecord>, limits: DocumentLimits): AsyncGenerator<LoadRecord> {
  for await (const record of records) {
    const exceeded = record.kind === 'graph' ? graphLimitsExceeded(record.id, record.quads, limits) : undefined;
    if (record.kind === 'graph' && exceeded) {
      yield {
        kind: 'refused',
        location: record.location,
        id: record.id,
        problem: limitProblem(exceeded, record.id),
        graph: record,
      };
    } else {
      yield record;
    }
  }
}

/** Up to `max` triples of a leftover record, as a report shows them. */
export function leftoverSample(record: Extract<LoadRecord, { kind: 'leftover' }>, max = 5): string[] {
  const lines = record.quads
    .slice(0, max)
    .map((q) => `${termText(q.subject)} ${termText(q.predicate)} ${termText(q.object)}`);
  if (record.quads.length > max) lines.push(`... and ${record.quads.length - max} more`);
  return lines;
}

function termText(t: { termType: string; value: string }): string {
  return t.termType === 'NamedNode'
    ? `<${t.value}>`
    : t.termType === 'BlankNode'
      ? `_:${t.value}`
      : JSON.stringify(t.value);
}
