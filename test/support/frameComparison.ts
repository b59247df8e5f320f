/**
 * Comparing our render with jsonld.frame's, apart from the differences the foundation issue
 * asks for. Both trees are normalized the same way:
 * - array order ignored (frame sorts by IRI; we keep the loaded order), single values as
 *   one-element arrays (frame follows the context; we keep a hint of the written form);
 * - each embedded IRI node is replaced by its id, and what every occurrence of it says is
 *   merged per IRI and compared separately (frame repeats the merged node everywhere; we
 *   show each occurrence as written);
 * - a reference back to an enclosing node becomes its id (frame gives a bare IRI string);
 * - `{"@value": x, "@type": "xsd:string"}` becomes x (jsonld 9 leaks the type);
 * - `@context` and `_complete` are left out (frame drops `_complete`), and keys that name the
 *   same IRI on a concept (`part_of`/`broader`) are compared as one.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const SAME_IRI: Record<string, string> = {
  part_of: 'broader',
  represents_entity_of_type: 'represents_instance_of_type',
};
const CONCEPTS = new Set(['Type', 'Material', 'Language', 'Currency', 'MeasurementUnit']);

export interface Normalized {
  tree: Json;
  nodes: Record<string, Json>;
}

export function normalizeForFrame(doc: Json, rootId: string): Normalized {
  const merged = new Map<string, Map<string, Set<string>>>();
  const walk = (value: Json, ancestors: string[], isRoot: boolean): Json => {
    if (Array.isArray(value)) return sortValues(value.map((v) => walk(v, ancestors, false)));
    if (value === null || typeof value !== 'object') return value;
    if ('@value' in value && (value['@type'] ?? value['type']) === 'xsd:string') return value['@value'];
    const id = typeof value['id'] === 'string' ? value['id'] : undefined;
    if (id !== undefined && !isRoot && (ancestors.includes(id) || id === rootId)) return id;
    const types = ([] as Json[]).concat(value['type'] ?? []);
    const concept = types.some((t) => typeof t === 'string' && CONCEPTS.has(t));
    const out: { [key: string]: Json } = {};
    for (const [key, v] of Object.entries(value)) {
      if (key === '@context' || key === '_complete') continue;
      const k = concept || key === 'represents_entity_of_type' ? (SAME_IRI[key] ?? key) : key;
      const normalized =
        key === 'id' || key === 'type'
          ? v
          : key === '_label'
            ? walk(v, ancestors, false)
            : walk(Array.isArray(v) ? v : [v], id ? [...ancestors, id] : ancestors, false);
      out[k] = Array.isArray(out[k]) && Array.isArray(normalized) ? sortValues([...out[k], ...normalized]) : normalized;
    }
    if (id !== undefined && !isRoot) {
      let props = merged.get(id);
      if (!props) merged.set(id, (props = new Map<string, Set<string>>()));
      for (const [k, v] of Object.entries(out)) {
        if (k === 'id') continue;
        let set = props.get(k);
        if (!set) props.set(k, (set = new Set()));
        for (const item of ([] as Json[]).concat(v)) set.add(stableText(item));
      }
      return id;
    }
    return out;
  };
  const tree = walk(doc, [], true);
  const nodes: Record<string, Json> = {};
  for (const [id, props] of [...merged].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const node: { [key: string]: Json } = {};
    for (const k of [...props.keys()].sort()) node[k] = [...props.get(k)!].sort();
    nodes[id] = node;
  }
  return { tree, nodes };
}

/** JSON text with keys sorted, so equal values sort together whatever their key order. */
function stableText(v: Json): string {
  if (Array.isArray(v)) return '[' + v.map(stableText).join(',') + ']';
  if (v !== null && typeof v === 'object')
    return (
      '{' +
      Object.keys(v)
        .sort()
        .map((k) => JSON.stringify(k) + ':' + stableText(v[k]))
        .join(',') +
      '}'
    );
  return JSON.stringify(v);
}

function sortValues(values: Json[]): Json[] {
  return values
    .map((v) => [stableText(v), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, v]) => v);
}
