/**
 * Oxigraph's ORDER BY over literals of different kinds: its sort panics for some orders of the
 * rows; the keyed query (totalOrder.ts) sorts every order of them, kinds apart, as SPARQL asks.
 */
import { expect } from 'chai';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { Store } from 'oxigraph';
import { withTotalOrder } from '../../../../src/store/embedded/totalOrder.js';
import { seededRandom } from '../../../support/random.js';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
/** Strings, numbers, date-times, IRIs and an unbound value, as a collection's ORDER BY ?o meets them. */
const TERMS = [
  ...Array.from({ length: 24 }, (_, i) => `"name ${(i * 7) % 24}"`),
  ...Array.from({ length: 12 }, (_, i) => `"${(i * 37) % 500}"^^<${XSD}integer>`),
  ...Array.from({ length: 8 }, (_, i) => `"${(i * 13) % 97}.5E0"^^<${XSD}double>`),
  ...Array.from(
    { length: 16 },
    (_, i) => `"${1850 + ((i * 11) % 170)}-0${1 + (i % 9)}-01T00:00:00Z"^^<${XSD}dateTime>`,
  ),
  '<https://example.org/a>',
  '<https://example.org/b>',
  'UNDEF',
];

/**
 * How many of the queries panic, counted in a worker thread: a panic leaves Oxigraph's WASM
 * instance in whatever state the unwinding-free abort left it, so it must not be this process's.
 */
function panicsInOwnInstance(queries: readonly string[]): Promise<number> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    console.error = () => {}; // the panic hook's report: expected here, noise in the test log
    const { Store } = require(workerData.oxigraph);
    const store = new Store();
    let panics = 0;
    for (const q of workerData.queries) { try { store.query(q); } catch { panics += 1; } }
    parentPort.postMessage(panics);`;
  const oxigraph = createRequire(import.meta.url).resolve('oxigraph');
  const worker = new Worker(source, { eval: true, workerData: { oxigraph, queries } });
  return new Promise((resolve, reject) => {
    worker.once('message', (n: number) => {
      resolve(n);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('store/embedded/totalOrder: ORDER BY over mixed literals', () => {
  const store = new Store();
  const query = (order: string, terms: readonly string[]) =>
    `SELECT ?o WHERE { VALUES ?o { ${terms.join(' ')} } } ORDER BY ${order}(?o)`;
  const random = seededRandom(18);
  const shuffles = Array.from({ length: 300 }, () => [...TERMS].sort(() => random() - 0.5));

  it('the plain query panics for some orders of the same rows (the bug worked around)', async () => {
    const panics = await panicsInOwnInstance(shuffles.map((terms) => query('ASC', terms)));
    expect(panics).to.be.greaterThan(0);
  });

  for (const direction of ['ASC', 'DESC']) {
    it(`${direction}: the keyed query sorts every order of them, the same way, unbound < IRIs < literals (reversed by DESC), numbers by value`, () => {
      let first: string[] | undefined;
      let numbers: number[] = [];
      for (const terms of shuffles) {
        const rows = store.query(withTotalOrder(query(direction, terms))!) as Array<
          Map<string, { termType: string; value: string; datatype?: { value: string } }>
        >;
        numbers = rows
          .map((r) => r.get('o'))
          .filter((t) => /#(integer|double)$/.test(t?.datatype?.value ?? ''))
          .map((t) => Number(t!.value));
        const values = rows.map((r) => r.get('o')?.value ?? '(unbound)');
        first ??= values;
        expect(values).to.deep.equal(first);
        const kinds = rows.map((r) => (r.get('o') === undefined ? 0 : r.get('o')!.termType === 'NamedNode' ? 2 : 3));
        expect(kinds).to.deep.equal([...kinds].sort((a, b) => (direction === 'ASC' ? a - b : b - a)));
      }
      expect(numbers).to.have.length(20);
      expect(numbers).to.deep.equal([...numbers].sort((a, b) => (direction === 'ASC' ? a - b : b - a)));
    });
  }

  it('a query without ORDER BY is left as it is', () => {
    expect(withTotalOrder('SELECT * WHERE { ?s ?p ?o }')).to.equal(undefined);
  });
});
