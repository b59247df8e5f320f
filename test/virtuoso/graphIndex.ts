/**
 * The index by graph (GSPO) README ("What an operator sets in Virtuoso") has an operator make before
 * writes start: with history kept, a read of a document's graph otherwise goes through every graph that
 * states its subjects, past versions included. Made while writes run, Virtuoso 7.2.3 stopped with a GPF,
 * so the benches make it on a store nothing writes yet; and with a checkpoint at once: made, then quads
 * written, then Virtuoso stopped before a checkpoint, it came back refusing every query of the quads
 * (SQ156 "sqlo table has no index").
 */
import { execFileSync } from 'node:child_process';

export const GRAPH_INDEX_SQL =
  'CREATE COLUMN INDEX RDF_QUAD_GSPO ON DB.DBA.RDF_QUAD (G, S, P, O) PARTITION (S INT (0hexffff00)); checkpoint;';

/** Makes it, and the checkpoint, over the store's SQL port (isql-vt). */
export function graphIndexMade(sqlPort: number, password = 'dba'): void {
  execFileSync('isql-vt', [`127.0.0.1:${sqlPort}`, 'dba', password, `exec=${GRAPH_INDEX_SQL}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
