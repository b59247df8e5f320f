/**
 * `type-case`: a `type` the context does not know, written in another case than one of its
 * classes (`identifier`, `HUMANMADEOBJECT`), becomes that class, when exactly one class
 * matches case aside. JSON-LD terms are case-sensitive, so `identifier` means nothing to a
 * processor; but no two Linked Art classes differ by case alone, so only one was meant.
 *
 * A class is a term of the context in force at the node that starts with a capital letter and
 * maps to an IRI with no value coercion or container (properties have them, and are written in
 * lower case). The pre-1.0 class names are matched too (`manmadeobject` → `ManMadeObject`),
 * and `legacy-class`, which runs next, renames them.
 */
import type { ActiveContext } from '../../context/ActiveContext.js';
import { RENAMED as LEGACY_CLASSES } from './legacyClass.js';
import { join, withValue, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

/** A context's classes by their lower-case spelling (several when spellings collide), memoized: contexts are few and immutable. */
const CLASSES = new WeakMap<ActiveContext, ReadonlyMap<string, readonly string[]>>();

function classesByCase(ctx: ActiveContext): ReadonlyMap<string, readonly string[]> {
  let byCase = CLASSES.get(ctx);
  if (byCase) return byCase;
  const map = new Map<string, string[]>();
  const add = (name: string) => {
    const lower = name.toLowerCase();
    const names = map.get(lower);
    if (!names) map.set(lower, [name]);
    else if (!names.includes(name)) names.push(name);
  };
  for (const def of ctx.terms.values()) {
    if (/^[A-Z]/.test(def.term) && !def.iri.startsWith('@') && def.coerce === undefined && def.container === undefined)
      add(def.term);
  }
  for (const legacy of LEGACY_CLASSES.keys()) add(legacy);
  CLASSES.set(ctx, (byCase = map));
  return byCase;
}

/** The one class `type` means case aside, or undefined (known as written, no match, or more than one). */
export function classCaseAside(type: string, ctx: ActiveContext): string | undefined {
  const iri = ctx.expandVocab(type);
  if (iri !== undefined && !iri.startsWith('@')) return undefined;
  const names = classesByCase(ctx).get(type.toLowerCase());
  return names?.length === 1 && names[0] !== type ? names[0] : undefined;
}

export const typeCase: Repair = {
  name: 'type-case',
  cites:
    'JSON-LD 1.1 (terms are case-sensitive: `identifier` is not `Identifier`); the Linked Art 1.0 context, whose classes no two differ by case alone',
  summary:
    'a type the context does not know, written in another case than exactly one of its classes (identifier, HUMANMADEOBJECT) → that class',
  keys: ['type', '@type'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    const key = 'type' in node ? 'type' : '@type';
    const value = node[key];
    if (typeof value === 'string') {
      // Nearly every node is typed, with a class of the context: that costs one lookup.
      if (at.ctx.terms.get(value)?.iri.startsWith('@') === false) return undefined;
      const to = classCaseAside(value, at.ctx);
      if (to === undefined) return undefined;
      note(join(at.path, key), `"${value}" → "${to}"`);
      return withValue(node, key, to);
    }
    if (!Array.isArray(value)) return undefined;
    let types: Json[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const t = value[i];
      const to = typeof t === 'string' ? classCaseAside(t, at.ctx) : undefined;
      if (to === undefined) continue;
      note(`${join(at.path, key)}[${i}]`, `"${t as string}" → "${to}"`);
      (types ??= value.slice())[i] = to;
    }
    return types && withValue(node, key, types);
  },
};
