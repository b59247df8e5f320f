/**
 * Work on the thread that also answers readers, done in slices: once a slice has taken
 * SLICE_MS, what waits on the event loop (a GET, a search) runs before the next one. A bulk
 * load's batch of 500 documents held the thread 100–800 ms in one piece (decoding its graphs,
 * the reverse links, the name index), and readers waited that long.
 */
const SLICE_MS = 4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For a loop of the caller's own (items that come from a stream): call it after each item; once
 * the slice has taken SLICE_MS it answers a pause, resolved after what waits on the event loop
 * has run (otherwise undefined: go on). Awaiting an async iterator whose source has data buffered
 * never leaves the turn: a /_bulk body read ahead was parsed hundreds of documents in one.
 */
export function slicePauses(): () => Promise<void> | undefined {
  let started = performance.now();
  return () => {
    if (performance.now() - started <= SLICE_MS) return undefined;
    return nextTurn().then(() => {
      started = performance.now();
    });
  };
}

/** `visit` for each item, in order, pausing between slices. */
export async function eachInSlices<T>(items: Iterable<T>, visit: (item: T) => void): Promise<void> {
  let started = performance.now();
  for (const item of items) {
    visit(item);
    if (performance.now() - started > SLICE_MS) {
      await nextTurn();
      started = performance.now();
    }
  }
}

/** `work` on the map cut into maps of at most `size` entries, in order, pausing between slices. */
export async function mapInSlices<K, V>(
  map: ReadonlyMap<K, V>,
  size: number,
  work: (slice: ReadonlyMap<K, V>) => void,
): Promise<void> {
  if (map.size <= size) {
    work(map);
    return;
  }
  let slice = new Map<K, V>();
  const cuts: Array<Map<K, V>> = [];
  for (const [key, value] of map) {
    slice.set(key, value);
    if (slice.size >= size) {
      cuts.push(slice);
      slice = new Map();
    }
  }
  if (slice.size > 0) cuts.push(slice);
  await eachInSlices(cuts, work);
}
