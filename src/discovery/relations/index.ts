/**
 * Every relation the service keeps (data/relations.tsv, by category as hal_links.tsv lists them),
 * each with its query, and the lookups the index and the HTTP layer need.
 */
import type { Relation, RelationDefinition } from './Relation.js';
import { readRelationTable } from './relationTable.js';
import { relationQuery } from './relationQuery.js';
import { SKETCHES } from './sketches.js';

export type { Relation } from './Relation.js';

const DEFINITIONS: readonly RelationDefinition[] = readRelationTable();

const definitionsByName = new Map(DEFINITIONS.map((r) => [r.name, r]));

/** All relations, the internal ones (steps of a `via`) included: hal_links.tsv's sketch as the query where it is kept as written. */
export const RELATIONS: readonly Relation[] = DEFINITIONS.map((r) => ({
  ...r,
  sparql:
    (r.sketchDiffers === undefined ? SKETCHES[r.name] : undefined) ?? relationQuery(r, (n) => definitionsByName.get(n)),
}));

const byName = new Map(RELATIONS.map((r) => [r.name, r]));

/** The relation with this name, or undefined. */
export function relationNamed(name: string): Relation | undefined {
  return byName.get(name);
}

/** The relations published as links (not the internal steps). */
export const PUBLISHED_RELATIONS: readonly Relation[] = RELATIONS.filter((r) => !r.internal);
