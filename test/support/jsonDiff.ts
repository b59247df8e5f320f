/** Differences between two JSON values, key order ignored, each as `path: left != right`. */
export function jsonDiff(a: unknown, b: unknown, path = ''): string[] {
  if (a === b) return [];
  const show = (v: unknown): string => (JSON.stringify(v) ?? 'undefined').slice(0, 160);
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  ) {
    return [`${path || '(root)'}: ${show(a)} != ${show(b)}`];
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return [`${path}: ${a.length} values != ${b.length} values`];
    return a.flatMap((x, i) => jsonDiff(x, b[i], `${path}[${i}]`));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  return [...keys].flatMap((k) => jsonDiff(ao[k], bo[k], path ? `${path}.${k}` : k));
}

/** The JSON paths of `document` whose single value was rendered as a one-element array. */
export function wrappedInArray(input: unknown, output: unknown, path = ''): string[] {
  if (Array.isArray(output) && !Array.isArray(input) && output.length === 1 && jsonDiff(input, output[0]).length === 0)
    return [path];
  if (typeof input !== 'object' || input === null || typeof output !== 'object' || output === null) return [];
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((x, i) => wrappedInArray(x, output[i], `${path}[${i}]`));
  const io = input as Record<string, unknown>;
  const oo = output as Record<string, unknown>;
  return Object.keys(io).flatMap((k) => wrappedInArray(io[k], oo[k], path ? `${path}.${k}` : k));
}
