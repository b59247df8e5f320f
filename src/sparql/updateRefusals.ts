/**
 * Why a curator's update is refused before it is tried, in the same words whichever store tries
 * it (store/embedded/trialUpdate.ts, store/sparql/remoteTrial.ts).
 */
export const refusal = {
  load: (source: string): string => `LOAD <${source}> is not allowed: this endpoint does not fetch data from the web.`,
  defaultGraph: (): string =>
    'The update writes into the default graph, which is the union of the documents, not a document. ' +
    "Write into a document's graph: INSERT { GRAPH <id> { ... } } or WITH <id>, or GRAPH ?g bound in the WHERE clause.",
  internalGraph: (graph: string): string =>
    `The update writes into <${graph}>, one of the service's own graphs; only documents' graphs can be changed.`,
};
