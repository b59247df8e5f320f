/**
 * `--query-replicas auto`: one replica from the start; a standby once a query has timed out or waited (ReplicaPool.ts) where
 * the memory holds the process with two and there are two cores or more; none where it holds one
 * or there is one core; a warning naming the memory needed where even one does not fit.
 */
import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../../src/store/embedded/EmbeddedStore.js';
import { QueryTimedOut } from '../../../../src/sparql/errors.js';
import type { Quad } from '../../../../src/rdf/terms.js';
import { documentGraphs } from '../fixtures.js';
import {
  chooseQueryReplicas,
  machineMemoryBytes,
  MEMORY_SHARE,
  PROCESS_BYTES_PER_QUAD,
  REPLICA_BYTES_PER_QUAD,
} from '../../../../src/store/embedded/replicaBudget.js';

const GB = 1024 ** 3;
/** Every statement joined with every other, twice: far longer than the time limit here. */
const HEAVY =
  'SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . FILTER(CONCAT(STR(?a), STR(?e), STR(?i)) = "never") }';

describe('store/embedded/replicaBudget: how many query replicas auto keeps', () => {
  // Issue 35: a second replica only with two cores or more.
  // The last number: replicas kept once a query has timed out (from the start: always one).
  const table: Array<[string, number, number, number, number, boolean]> = [
    // what, stored quads, machine memory, cores, replicas after a timeout, warned
    ['a demo collection on a 4 GB machine', 3_000, 4 * GB, 4, 2, false],
    ['10,000 documents on a 4 GB machine', 374_000, 4 * GB, 4, 2, false],
    ['100,000 documents on a 24 GB machine', 3_740_000, 24 * GB, 4, 2, false],
    ['100,000 documents on an 8 GB machine', 3_740_000, 8 * GB, 4, 2, false],
    ['100,000 documents on a 6 GB machine', 3_740_000, 6 * GB, 4, 1, false],
    ['100,000 documents on a 4 GB machine', 3_740_000, 4 * GB, 4, 1, true],
    ['a demo collection on a 2-core machine', 3_000, 4 * GB, 2, 2, false],
    ['100,000 documents on a 24 GB, 2-core machine', 3_740_000, 24 * GB, 2, 2, false],
    ['100,000 documents on a 4 GB, 2-core machine', 3_740_000, 4 * GB, 2, 1, true],
    ['a demo collection on a 1-core machine', 3_000, 4 * GB, 1, 1, false],
    ['100,000 documents on a 24 GB, 1-core machine', 3_740_000, 24 * GB, 1, 1, false],
  ];
  for (const [what, quads, memory, cores, withStandby, warned] of table) {
    it(`${what}: one, ${withStandby} after a timeout${warned ? ', with a warning' : ''}`, () => {
      const choice = chooseQueryReplicas(quads, memory, cores);
      expect(choice.replicas).to.equal(1);
      expect(choice.withStandby).to.equal(withStandby);
      expect(choice.reason).to.match(
        /^auto: [\d,]+ quads: about [\d.]+ GB for the store and its indexes, [\d.]+ GB a replica; [\d.]+ GB of memory, 80% planned/,
      );
      if (warned)
        expect(choice.warning).to.match(
          /needs about [\d.]+ GB, more than 80% of this machine's 4\.0 GB: give the service more memory, or move to a remote SPARQL store \(--store sparql\)/,
        );
      else expect(choice.warning).to.equal(undefined);
    });
  }

  // The rule at its edges (issue 35): a byte of memory either side of what the process needs with
  // two replicas, and with one; an empty store is planned at the floors (300 MB, 60 MB a replica).
  const MB = 1024 ** 2;
  const quads = 1_000_000;
  const needs = (n: number) => quads * (PROCESS_BYTES_PER_QUAD + n * REPLICA_BYTES_PER_QUAD);
  const justFits = (bytes: number) => Math.ceil(bytes / MEMORY_SHARE) + 1;
  const justShort = (bytes: number) => Math.floor(bytes / MEMORY_SHARE) - 1;
  const edges: Array<[string, number, number, number, boolean]> = [
    // what, stored quads, machine memory, replicas after a timeout, warned
    ['just enough memory for two', quads, justFits(needs(2)), 2, false],
    ['a byte short of two', quads, justShort(needs(2)), 1, false],
    ['just enough memory for one', quads, justFits(needs(1)), 1, false],
    ['a byte short of one', quads, justShort(needs(1)), 1, true],
    ['an empty store, just enough for two at the floors', 0, justFits(420 * MB), 2, false],
    ['an empty store, a byte short of two at the floors', 0, justShort(420 * MB), 1, false],
  ];
  for (const [what, stored, memory, withStandby, warned] of edges) {
    it(`at the edge: ${what}: ${withStandby} after a timeout${warned ? ', with a warning' : ''}`, () => {
      const choice = chooseQueryReplicas(stored, memory, 2);
      expect(choice.replicas).to.equal(1);
      expect(choice.withStandby).to.equal(withStandby);
      expect(choice.warning !== undefined).to.equal(warned);
    });
  }

  it("knows the machine's memory (or its container's limit)", () => {
    expect(machineMemoryBytes()).to.be.greaterThan(256 * 1024 * 1024);
  });

  it('an embedded store opened with auto keeps the replicas chosen for its size and this machine, the standby from a timeout on', async function () {
    this.timeout(120_000);
    const dir = await mkdtemp(join(tmpdir(), 'replica-budget-'));
    const filled = await EmbeddedStore.open({ dataDir: dir, onWarning: () => undefined });
    const graphs = new Map<string, Quad[]>();
    for (let i = 0; i < 200; i++) for (const [g, q] of documentGraphs(i)) graphs.set(g, q);
    await filled.replaceGraphs(graphs);
    await filled.close();
    const store = await EmbeddedStore.open({
      dataDir: dir,
      onWarning: () => undefined,
      queryReplicas: 'auto',
      seedWhileOpening: true,
    });
    try {
      const expected = chooseQueryReplicas(store.openInfo.quads, machineMemoryBytes());
      expect(store.replicaChoice).to.deep.equal(expected);
      const engine = store.sparqlEngine();
      expect(engine.status().replicas).to.have.length(expected.replicas);
      const timedOut = await engine.query(HEAVY, {}, 300).then(
        () => null,
        (e: Error) => e,
      );
      expect(timedOut).to.be.instanceOf(QueryTimedOut);
      expect(engine.status().replicas).to.have.length(expected.withStandby);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
