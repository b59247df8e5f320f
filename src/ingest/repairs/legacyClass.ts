/**
 * `legacy-class`: the class names of the pre-1.0 model (CIDOC-CRM 6.2's "Man-Made") become
 * their Linked Art 1.0 names (CIDOC-CRM 7's "Human-Made"): the same CRM classes (E22, E25,
 * E71), renamed. An extension context that defines the old name keeps it.
 */
import type { ActiveContext } from '../../context/ActiveContext.js';
import { join, withValue, type Json, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

/** The pre-1.0 class names, and their 1.0 names. */
export const RENAMED: ReadonlyMap<string, string> = new Map([
  ['ManMadeObject', 'HumanMadeObject'], // E22
  ['ManMadeFeature', 'HumanMadeFeature'], // E25
  ['ManMadeThing', 'HumanMadeThing'], // E71
]);

function renames(t: Json, ctx: ActiveContext): t is string {
  return typeof t === 'string' && RENAMED.has(t) && !ctx.terms.has(t);
}

function anyRenamed(types: Json[], ctx: ActiveContext): boolean {
  for (const t of types) if (renames(t, ctx)) return true;
  return false;
}

export const legacyClass: Repair = {
  name: 'legacy-class',
  cites:
    'CIDOC-CRM 7.1 renamed E22 Man-Made Object, E25 Man-Made Feature and E71 Man-Made Thing to Human-Made; Linked Art 1.0 (context v1) names them HumanMadeObject, HumanMadeFeature, HumanMadeThing',
  summary: 'ManMadeObject, ManMadeFeature, ManMadeThing → HumanMadeObject, HumanMadeFeature, HumanMadeThing',
  keys: ['type', '@type'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    const key = 'type' in node ? 'type' : '@type';
    const value = node[key];
    const ctx = at.ctx;
    if (typeof value === 'string') {
      if (!renames(value, ctx)) return undefined;
      note(join(at.path, key), `"${value}" → "${RENAMED.get(value)!}"`);
      return withValue(node, key, RENAMED.get(value)!);
    }
    if (!Array.isArray(value) || !anyRenamed(value, ctx)) return undefined;
    const types = value.map((t, i) => {
      if (!renames(t, ctx)) return t;
      note(`${join(at.path, key)}[${i}]`, `"${t}" → "${RENAMED.get(t)!}"`);
      return RENAMED.get(t)!;
    });
    return withValue(node, key, types);
  },
};
