/**
 * "Did you mean `classified_as`?": of the terms valid where an unmapped key stands, the one
 * nearest to it in edit distance (Damerau–Levenshtein, adjacent transpositions counting one),
 * when one is near enough to be the likely intent.
 */

/** The nearest candidate within a distance of a third of the key's length (at least 1, at most 3); ties: the first. */
export function nearestTerm(key: string, candidates: Iterable<string>): string | undefined {
  const wanted = key.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (candidate.startsWith('@') || candidate === key) continue;
    if (Math.abs(candidate.length - key.length) >= bestDistance) continue;
    const d = editDistance(wanted, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps, one each. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length][b.length];
}
