/**
 * Every relation the service keeps, by category as hal_links.tsv lists them, and the
 * lookups the index and the HTTP layer need.
 */
import type { Relation } from './Relation.js';
import { AGENT_RELATIONS } from './agent.js';
import { SET_RELATIONS } from './set.js';
import { PLACE_RELATIONS } from './place.js';
import { CONCEPT_RELATIONS } from './concept.js';
import { ACTIVITY_RELATIONS } from './activity.js';
import { OBJECT_RELATIONS } from './object.js';
import { WORK_RELATIONS } from './work.js';

export type { Relation } from './Relation.js';

/** All relations, the internal ones (steps of a `via`) included. */
export const RELATIONS: readonly Relation[] = [
  ...AGENT_RELATIONS,
  ...PLACE_RELATIONS,
  ...CONCEPT_RELATIONS,
  ...SET_RELATIONS,
  ...ACTIVITY_RELATIONS,
  ...OBJECT_RELATIONS,
  ...WORK_RELATIONS,
];

const byName = new Map(RELATIONS.map((r) => [r.name, r]));

/** The relation with this name, or undefined. */
export function relationNamed(name: string): Relation | undefined {
  return byName.get(name);
}

/** The relations published as links (not the internal steps). */
export const PUBLISHED_RELATIONS: readonly Relation[] = RELATIONS.filter((r) => !r.internal);
