/**
 * staleUnion.ts on Virtuoso: a store as builds before it left it (a triple only a past version
 * states still in the union graph) is cleared of that triple, and only of it; a second run finds
 * nothing more.
 */
import { expect } from 'chai';
import type { QuadStore } from '../../../../src/store/QuadStore.js';
import { REGISTERED_CLASS, REGISTRY_GRAPH, UNION_GRAPH } from '../../../../src/store/sparql/graphWrites.js';
import { staleUnionRemoved } from '../../../../src/store/sparql/staleUnion.js';
import { openTestStore, REMOTE_STORE_URL } from '../../../support/testStore.js';

const ID = 'https://stale.example.org/object/1';
const PAST = `urn:linkedart-service:version-1:${ID}`;
const LABEL = 'http://www.w3.org/2000/01/rdf-schema#label';
const TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const OBJECT = 'http://www.cidoc-crm.org/cidoc-crm/E22_Human-Made_Object';

describe('A remote union graph cleared of what only past versions state', function () {
  this.timeout(120000);
  let store: QuadStore;
  before(async function () {
    if (!REMOTE_STORE_URL) this.skip();
    store = await openTestStore('stale-union');
    const triples = (label: string) => `<${ID}> <${TYPE}> <${OBJECT}> . <${ID}> <${LABEL}> "${label}" .`;
    await store.update(
      `INSERT DATA { GRAPH <${ID}> { ${triples('now')} } GRAPH <${PAST}> { ${triples('before')} } ` +
        `GRAPH <${UNION_GRAPH}> { ${triples('now')} <${ID}> <${LABEL}> "before" . } ` +
        `GRAPH <${REGISTRY_GRAPH}> { <${ID}> a <${REGISTERED_CLASS}> . <${PAST}> a <${REGISTERED_CLASS}> . } }`,
    );
  });
  after(async () => {
    await store?.close();
  });

  const union = async (): Promise<string[]> => {
    const result = await store.query(`SELECT ?p ?o WHERE { GRAPH <${UNION_GRAPH}> { <${ID}> ?p ?o } }`);
    return result.kind === 'bindings' ? result.rows.map((r) => `${r.p.v} ${r.o.v}`).sort() : [];
  };

  it('removes the triple a past version alone states, keeps the ones the live document states too', async () => {
    expect(await union()).to.include(`${LABEL} before`);
    expect(await staleUnionRemoved(store)).to.deep.equal({ versions: 1, removed: 1 });
    expect(await union()).to.deep.equal([`${TYPE} ${OBJECT}`, `${LABEL} now`].sort());
    expect(await staleUnionRemoved(store), 'a second run').to.deep.equal({ versions: 1, removed: 0 });
  });
});
