/** The history a write adds: the previous version copied out, records numbered on, retention, re-creation. */
import { expect } from 'chai';
import { historyWrite, type VersionChange } from '../../../src/history/versionWrite.js';
import { versionsOf } from '../../../src/history/storedHistory.js';
import {
  historyHeadOf,
  isHistoryGraph,
  versionGraphOf,
  versionHintGraphOf,
} from '../../../src/history/versionGraphs.js';
import { hintGraphOf } from '../../../src/hints/Skeleton.js';
import { modifiedStamp } from '../../../src/hints/lastModified.js';
import { newestPastIn } from '../../../src/history/liveVersion.js';
import { recordQuad, recordsFrom } from '../../../src/history/versionRecord.js';
import { df } from '../../../src/rdf/terms.js';
import { MemoryStore } from '../../support/memoryStore.js';
import { application, UNNAMED_CURATOR } from '../../../src/linkedart/Actor.js';
import { KEEP_ALL_VERSIONS, parseKeepVersions } from '../../../src/config/keepVersions.js';
import { NewestPastRecords } from '../../../src/history/newestPastRecords.js';

const ID = 'https://example.org/object/1';
const T0 = new Date('2026-11-27T09:00:00.500Z');

/** Stores the live document (`label`) and applies `change` with its history, as DocumentService.write does. */
async function apply(store: MemoryStore, change: VersionChange, when: Date, keep = KEEP_ALL_VERSIONS, label?: string) {
  const history = await historyWrite(store, [change], when, keep);
  const graphs = new Map([...history.byDocument.values()].flat());
  if (label !== undefined) {
    graphs.set(ID, [
      df.quad(df.namedNode(ID), df.namedNode('http://www.w3.org/2000/01/rdf-schema#label'), df.literal(label)),
    ]);
    graphs.set(hintGraphOf(ID), [modifiedStamp(ID, when), ...(history.liveHints.get(ID) ?? [])]);
  } else if (change.kind === 'Delete') {
    graphs.set(ID, []);
    graphs.set(hintGraphOf(ID), []);
  }
  await store.replaceGraphs(graphs);
  return history;
}

async function records(store: MemoryStore) {
  return versionsOf(store, ID);
}

describe('history: versionWrite', () => {
  it('records a Create, copies the live version out on an Update, and numbers on', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID, actor: application('linkedart load') }, T0, undefined, 'one');
    const second = await apply(
      store,
      { kind: 'Update', id: ID, actor: UNNAMED_CURATOR },
      new Date(T0.getTime() + 60_000),
      undefined,
      'two',
    );
    expect([...second.fresh]).to.deep.equal([versionGraphOf(ID, 1), versionHintGraphOf(ID, 1)]);
    const kept = await store.readGraphs([versionGraphOf(ID, 1)]);
    expect(kept.map((q) => q.object.value)).to.deep.equal(['one']);
    expect((await records(store)).map((r) => [r.n, r.kind, r.time, r.actor])).to.deep.equal([
      [1, 'Create', '2026-11-27T09:00:00Z', 'linkedart load'],
      [2, 'Update', '2026-11-27T09:01:00Z', 'curator'],
    ]);
  });

  it('keeps a deletion as a version without content, and a re-creation after it', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID }, T0, undefined, 'one');
    await apply(store, { kind: 'Delete', id: ID, actor: UNNAMED_CURATOR }, T0);
    await apply(store, { kind: 'Create', id: ID, actor: UNNAMED_CURATOR }, T0, undefined, 'again');
    expect((await records(store)).map((r) => r.kind)).to.deep.equal(['Create', 'Delete', 'Create']);
    expect((await store.readGraphs([versionGraphOf(ID, 1)])).length).to.equal(1);
  });

  it('makes up the first record of a document stored before versions were kept, from its stamp', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID }, T0, 0, 'old');
    expect((await store.listGraphs()).filter(isHistoryGraph), 'nothing of the history written').to.deep.equal([]);
    await apply(store, { kind: 'Update', id: ID }, new Date(T0.getTime() + 3_600_000), undefined, 'new');
    expect((await records(store)).map((r) => [r.n, r.time, r.actor])).to.deep.equal([
      [1, '2026-11-27T09:00:00Z', null],
      [2, '2026-11-27T10:00:00Z', null],
    ]);
  });

  it('drops the oldest past versions beyond --keep-versions N, in the same write', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID }, T0, 2, 'v1');
    for (const label of ['v2', 'v3', 'v4']) await apply(store, { kind: 'Update', id: ID }, T0, 2, label);
    expect((await records(store)).map((r) => r.n)).to.deep.equal([2, 3, 4]);
    expect(await store.readGraphs([versionGraphOf(ID, 1), versionHintGraphOf(ID, 1)])).to.deep.equal([]);
    expect((await store.readGraphs([versionGraphOf(ID, 2)])).length).to.equal(1);
  });

  it('reads --keep-versions, and refuses what it is not', () => {
    expect(parseKeepVersions('all')).to.equal(Infinity);
    expect(parseKeepVersions('0')).to.equal(0);
    expect(parseKeepVersions('12')).to.equal(12);
    for (const bad of ['', '-1', 'some', '1.5']) expect(() => parseKeepVersions(bad), bad).to.throw(/--keep-versions/);
  });

  it('takes the graphs a write read in its turn (readForWrite) without reading them again, the same history', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID }, T0, undefined, 'one');
    const names = [ID, hintGraphOf(ID), historyHeadOf(ID)];
    const read = { names: new Set(names), quads: await store.readGraphs(names) };
    const update: VersionChange = { kind: 'Update', id: ID };
    const when = new Date(T0.getTime() + 60_000);
    const asked: string[][] = [];
    const counting = Object.assign(Object.create(store) as MemoryStore, {
      readGraphs: (graphs: readonly string[]) => (asked.push([...graphs]), store.readGraphs(graphs)),
    });
    const fromRead = await historyWrite(counting, [update], when, KEEP_ALL_VERSIONS, new Set(), read);
    expect(asked).to.deep.equal([]);
    const readAgain = await historyWrite(counting, [update], when, KEEP_ALL_VERSIONS);
    // The hints of a Create hold no newest past record: the head is read after them.
    expect(asked).to.deep.equal([[ID, hintGraphOf(ID)], [historyHeadOf(ID)]]);
    expect([...fromRead.byDocument]).to.deep.equal([...readAgain.byDocument]);
    expect([...fromRead.liveHints]).to.deep.equal([...readAgain.liveHints]);
  });

  it('keeps the newest past record in the live hints, which the write rewrites anyway, not in a head graph', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID }, T0, undefined, 'one');
    for (const label of ['two', 'three']) await apply(store, { kind: 'Update', id: ID }, T0, undefined, label);
    expect(await store.readGraphs([historyHeadOf(ID)])).to.deep.equal([]);
    expect(newestPastIn(await store.readGraphs([hintGraphOf(ID)]))?.n).to.equal(2);
    // Nor does a past version's hint graph hold it (it would name the version before).
    expect(newestPastIn(await store.readGraphs([versionHintGraphOf(ID, 2)]))).to.equal(undefined);
    expect((await records(store)).map((r) => [r.n, r.kind])).to.deep.equal([
      [1, 'Create'],
      [2, 'Update'],
      [3, 'Update'],
    ]);
  });

  it('numbers on from a head graph where the hints hold no newest past record (an earlier build), and empties it', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID }, T0, undefined, 'one');
    // As a build that kept the newest past record in its own graph left it: three past versions.
    const third = { n: 3, kind: 'Update' as const, time: '2026-11-27T08:00:00Z', actor: null, digest: null };
    await store.replaceGraphs(new Map([[historyHeadOf(ID), [recordQuad(ID, third, historyHeadOf(ID))]]]));
    await apply(store, { kind: 'Update', id: ID }, new Date(T0.getTime() + 60_000), undefined, 'two');
    expect(await store.readGraphs([historyHeadOf(ID)])).to.deep.equal([]);
    expect(newestPastIn(await store.readGraphs([hintGraphOf(ID)]))?.n).to.equal(4);
    expect((await store.readGraphs([versionGraphOf(ID, 4)])).map((q) => q.object.value)).to.deep.equal(['one']);
    await apply(store, { kind: 'Update', id: ID }, new Date(T0.getTime() + 120_000), undefined, 'three');
    expect((await store.readGraphs([versionGraphOf(ID, 5)])).map((q) => q.object.value)).to.deep.equal(['two']);
  });

  it('numbers on after a deletion and a re-creation: the head holds the deletion, the hints the newest after', async () => {
    const store = new MemoryStore();
    await apply(store, { kind: 'Create', id: ID }, T0, undefined, 'one');
    await apply(store, { kind: 'Delete', id: ID }, T0);
    expect(recordsFrom(await store.readGraphs([historyHeadOf(ID)])).map((r) => r.n)).to.deep.equal([2]);
    await apply(store, { kind: 'Create', id: ID }, T0, undefined, 'again');
    await apply(store, { kind: 'Update', id: ID }, T0, undefined, 'after');
    await apply(store, { kind: 'Update', id: ID }, T0, undefined, 'later');
    expect((await records(store)).map((r) => [r.n, r.kind])).to.deep.equal([
      [1, 'Create'],
      [2, 'Delete'],
      [3, 'Create'],
      [4, 'Update'],
      [5, 'Update'],
    ]);
    expect(await store.readGraphs([historyHeadOf(ID)])).to.deep.equal([]);
    expect((await store.readGraphs([versionGraphOf(ID, 3)])).map((q) => q.object.value)).to.deep.equal(['again']);
  });
});

describe('history: versionWrite, the newest past records known in memory (NewestPastRecords)', () => {
  const ids = [1, 2, 3, 4, 5].map((i) => `https://example.org/object/${i}`);
  const label = (id: string) =>
    df.quad(df.namedNode(id), df.namedNode('http://www.w3.org/2000/01/rdf-schema#label'), df.literal('one'));
  const update = (id: string): VersionChange => ({ kind: 'Update', id, actor: UNNAMED_CURATOR });
  const later = new Date(T0.getTime() + 60_000);

  it("a write of a few documents leaves the record out of their hints, a load's batch puts it in; both number on from what is known", async () => {
    const store = new MemoryStore();
    await store.replaceGraphs(
      new Map(ids.flatMap((id) => [[id, [label(id)]] as const, [hintGraphOf(id), [modifiedStamp(id, T0)]] as const])),
    );
    const known = new NewestPastRecords();
    /** The history of `changes` made later, with the records this process knows. */
    const writeOf = (changes: VersionChange[]) =>
      historyWrite(store, changes, later, KEEP_ALL_VERSIONS, new Set(), undefined, false, known);
    const one = await writeOf([update(ids[0])]);
    expect(newestPastIn(one.liveHints.get(ids[0]) ?? [])).to.equal(undefined);
    expect(one.newestPast.get(ids[0])?.n).to.equal(1);
    const batch = await writeOf(ids.map(update));
    for (const id of ids) expect(newestPastIn(batch.liveHints.get(id) ?? [])?.n, id).to.equal(1);
    // Known here (the store holds no record of it): numbered on from it.
    known.wrote(
      [],
      new Map([[ids[0], { n: 7, kind: 'Update', time: '2026-11-27T08:00:00Z', actor: null, digest: null }]]),
    );
    const after = await writeOf([update(ids[0])]);
    expect(after.newestPast.get(ids[0])?.n).to.equal(8);
    expect([...after.fresh]).to.deep.equal([versionGraphOf(ids[0], 8), versionHintGraphOf(ids[0], 8)]);
    // Forgotten (a failed write): read from the store again, which holds none.
    known.forget([ids[0]]);
    const again = await writeOf([update(ids[0])]);
    expect(again.newestPast.get(ids[0])?.n).to.equal(1);
  });
});
