/**
 * The relation table, data/relations.tsv, read into relation definitions: one tab-separated line a
 * relation, its path in property-path notation (pathNotation.ts). Read once, at start; a line it
 * cannot read is an error naming the line, the relation and the column.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENTITY_CLASSES } from '../../linkedart/kinds.js';
import { parsePath } from './pathNotation.js';
import type { RelationDefinition } from './Relation.js';

/** The project root: this file is at dist/src/discovery/relations/ once compiled, src/discovery/relations/ in source. */
const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/') ? '../../../../' : '../../../', import.meta.url),
);
export const RELATION_TABLE_PATH = `${PROJECT_ROOT}data/relations.tsv`;

/** The table's columns, in order: its header line. */
const COLUMNS = ['name', 'given', 'returns', 'path', 'description', 'via', 'internal', 'sketch differs'] as const;
type Column = (typeof COLUMNS)[number];
/** Columns a line may leave empty (or out, at its end). */
const OPTIONAL: ReadonlySet<Column> = new Set(['via', 'internal', 'sketch differs']);

/** The class groups hal_links.tsv names, as Linked Art classes. */
const CLASS_GROUPS: Readonly<Record<string, readonly string[]>> = {
  Agent: ['Person', 'Group'],
  Work: ['LinguisticObject', 'VisualItem'],
  Concept: ['Type', 'Material', 'Language', 'Currency', 'MeasurementUnit'],
  Temporal: ['Period', 'Event', 'Activity'],
  Entity: ENTITY_CLASSES,
};
const CLASSES: ReadonlySet<string> = new Set(ENTITY_CLASSES);

/** The relations `text` defines, in its order; `source` names it in errors. */
export function readRelationTable(
  text = readFileSync(RELATION_TABLE_PATH, 'utf8'),
  source = 'data/relations.tsv',
): RelationDefinition[] {
  const definitions: RelationDefinition[] = [];
  const names = new Set<string>();
  let header = false;
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '' || line.startsWith('#')) return;
    const cells = line.split('\t');
    if (!header) {
      if (cells.join('\t') !== COLUMNS.join('\t')) {
        throw new Error(`${source} line ${i + 1}: the header must be the columns ${COLUMNS.join(', ')}, tab-separated`);
      }
      header = true;
      return;
    }
    const where = `${source} line ${i + 1} (${cells[0]})`;
    const definition = definitionOf(cells, where);
    if (names.has(definition.name)) throw new Error(`${where}: the relation is defined twice`);
    names.add(definition.name);
    definitions.push(definition);
  });
  if (!header) throw new Error(`${source} has no header line`);
  return definitions;
}

/** One line's relation; `where` names the line in errors. */
function definitionOf(cells: readonly string[], where: string): RelationDefinition {
  if (cells.length > COLUMNS.length) {
    throw new Error(`${where}: ${cells.length} columns, where the table has ${COLUMNS.length}`);
  }
  const cell = (column: Column): string => {
    const value = cells[COLUMNS.indexOf(column)] ?? '';
    if (value === '' && !OPTIONAL.has(column)) throw new Error(`${where}, column ${column}: empty`);
    return value;
  };
  const read = <T>(column: Column, reader: (value: string) => T): T => {
    try {
      return reader(cell(column));
    } catch (e) {
      throw new Error(`${where}, column ${column}: ${(e as Error).message}`);
    }
  };
  const via = cell('via');
  const internal = read('internal', flag);
  const sketchDiffers = cell('sketch differs');
  return {
    name: read('name', relationName),
    given: read('given', classes),
    returns: read('returns', classes),
    description: cell('description'),
    path: read('path', parsePath),
    ...(via === '' ? {} : { via: read('via', viaOf) }),
    ...(internal ? { internal } : {}),
    ...(sketchDiffers === '' ? {} : { sketchDiffers }),
  };
}

/** `objectProducedByAgent`: the word the query's variable takes (relationQuery.ts), then words. */
function relationName(value: string): string {
  if (!/^[a-z]+[A-Z]\w*$/.test(value)) throw new Error(`${JSON.stringify(value)} is no relation name`);
  return value;
}

/** `Agent`, `Event,Activity`: Linked Art classes, or the groups hal_links.tsv names. */
function classes(value: string): readonly string[] {
  const names = value.split(',');
  if (names.length === 1 && CLASS_GROUPS[value] !== undefined) return CLASS_GROUPS[value];
  for (const name of names) {
    if (!CLASSES.has(name)) throw new Error(`${JSON.stringify(name)} is neither a Linked Art class nor a group`);
  }
  return names;
}

/** `step,through`. */
function viaOf(value: string): { readonly step: string; readonly through: string } {
  const [step, through, ...more] = value.split(',');
  if (through === undefined || more.length > 0) throw new Error('expected two relation names, step,through');
  return { step: relationName(step), through: relationName(through) };
}

/** Empty, or the column's own name. */
function flag(value: string): true | undefined {
  if (value === '') return undefined;
  if (value !== 'internal') throw new Error(`${JSON.stringify(value)}: write internal, or nothing`);
  return true;
}
