/**
 * The first `k` of many items in rank order, without sorting them all: a bounded heap keeps the
 * best `k` seen so far, its worst on top, so each further item costs a comparison with that worst
 * (and log k when it enters). A search's page needs the first offset + limit of tens of thousands
 * of hits (issue 35: "rank the top page without scoring every match").
 */

/**
 * The `k` best of `items` in order, best first; `before(a, b)` is true when `a` ranks before `b`
 * (a total order: no two items tie).
 */
export function topRanked<T>(items: readonly T[], k: number, before: (a: T, b: T) => boolean): T[] {
  if (k <= 0) return [];
  // Past half of them, sorting all is as cheap.
  if (k * 2 >= items.length) return [...items].sort(byRank(before)).slice(0, k);
  // A max-heap by rank: heap[0] is the worst kept.
  const heap: T[] = [];
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      siftUp(heap, heap.length - 1, before);
    } else if (before(item, heap[0])) {
      heap[0] = item;
      siftDown(heap, 0, before);
    }
  }
  return heap.sort(byRank(before));
}

function siftUp<T>(heap: T[], i: number, before: (a: T, b: T) => boolean): void {
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(heap[parent], heap[i])) return;
    [heap[parent], heap[i]] = [heap[i], heap[parent]];
    i = parent;
  }
}

function siftDown<T>(heap: T[], i: number, before: (a: T, b: T) => boolean): void {
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let worst = i;
    if (left < heap.length && before(heap[worst], heap[left])) worst = left;
    if (right < heap.length && before(heap[worst], heap[right])) worst = right;
    if (worst === i) return;
    [heap[worst], heap[i]] = [heap[i], heap[worst]];
    i = worst;
  }
}

function byRank<T>(before: (a: T, b: T) => boolean): (a: T, b: T) => number {
  return (a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
}
