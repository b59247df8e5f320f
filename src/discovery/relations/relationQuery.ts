/**
 * A relation's SPARQL, written from its path: the entities of the classes it returns from which
 * the path reaches the given entity, written `<%current%>` as hal_links.tsv's sketches write it.
 * A query over all documents (default graph = their union), for curators to reuse and for the
 * differential test to check the index against. Every IRI, the service's own constants too, is
 * written by the SPARQL term writer (rdf/sparqlTerm.ts).
 */
import { linkedArtContext } from '../../context/linkedArtContext.js';
import { iri } from '../../rdf/sparqlTerm.js';
import type { Path, Step } from './paths.js';
import type { RelationDefinition } from './Relation.js';

/** The given entity, as hal_links.tsv's sketches write it. */
const CURRENT = '<%current%>';

/**
 * The query of `relation`; `named` finds the relations a `via` names. The hit is a variable named
 * for what the relation returns (`?object` for objectProducedByAgent).
 */
export function relationQuery(
  relation: RelationDefinition,
  named: (name: string) => RelationDefinition | undefined,
): string {
  const hit = hitVariable(relation.name);
  const writer = new PatternWriter();
  const direct = [...ofClasses(hit, relation.returns, '?class'), ...writer.path(hit, relation.path, CURRENT)];
  if (relation.via === undefined) return select(hit, direct);
  // Hits of `through` for every hit of `step`: the entities the index finds through another document.
  const step = viaRelation(named, relation.via.step);
  const through = viaRelation(named, relation.via.through);
  const middle = writer.variable();
  const indirect = [
    ...ofClasses(hit, relation.returns, '?class'),
    ...writer.path(hit, through.path, middle),
    ...ofClasses(middle, step.returns, '?stepClass'),
    ...writer.path(middle, step.path, CURRENT),
  ];
  return select(hit, union([direct, indirect]));
}

function select(hit: string, patterns: readonly string[]): string {
  return [`SELECT DISTINCT ${hit} WHERE {`, ...patterns.map((p) => `  ${p}`), '}'].join('\n');
}

/** `?object` for objectProducedByAgent: the word the relation's name begins with. */
function hitVariable(name: string): string {
  const word = /^[a-z]+/.exec(name);
  if (!word) throw new Error(`the relation ${JSON.stringify(name)} does not begin with what it returns`);
  return `?${word[0]}`;
}

/** The node has one of these Linked Art classes (HumanMadeObject → crm:E22_Human-Made_Object). */
function ofClasses(node: string, classes: readonly string[], variable: string): string[] {
  const iris = classes.map((name) => {
    const full = linkedArtContext().expandVocab(name);
    if (full === undefined) throw new Error(`the Linked Art context has no class ${name}`);
    return iri(full);
  });
  return [`VALUES ${variable} { ${iris.join(' ')} }`, `${node} a ${variable} .`];
}

function viaRelation(named: (name: string) => RelationDefinition | undefined, name: string): RelationDefinition {
  const relation = named(name);
  if (relation === undefined) throw new Error(`a via names the relation ${name}, which is not defined`);
  return relation;
}

/** Alternatives, each a group of patterns: `{ … } UNION { … }`. */
function union(groups: readonly (readonly string[])[]): string[] {
  return groups.flatMap((group, i) => [i === 0 ? '{' : '} UNION {', ...group.map((p) => `  ${p}`)]).concat('}');
}

/** Whether a step is a SPARQL property path: no filter on a node (`having`) inside it. */
function isPropertyPath(step: Step): boolean {
  return !('having' in step) && (!('any' in step) || step.any.every((path) => path.every(isPropertyPath)));
}

/** A path of property-path steps as one property path (`crm:P108i_was_produced_by/crm:P9_consists_of*`). */
function propertyPath(path: Path): string {
  return path
    .map((step) => {
      if ('out' in step) return iri(step.out);
      if ('back' in step) return '^' + iri(step.back);
      if ('star' in step) return iri(step.star) + '*';
      if ('any' in step) return '(' + step.any.map(propertyPath).join('|') + ')';
      throw new Error('a filter on a node is no property path');
    })
    .join('/');
}

/** Triple patterns along a path, with a fresh variable for each node a filter stands on. */
class PatternWriter {
  private nodes = 0;

  variable(): string {
    return `?node${++this.nodes}`;
  }

  /** Patterns from `from` along `path` to `to`: runs of property-path steps as one property path each. */
  path(from: string, path: Path, to: string): string[] {
    let lastMove = path.length - 1;
    while (lastMove >= 0 && 'having' in path[lastMove]) lastMove--;
    if (lastMove < 0) throw new Error("a relation's path takes at least one step");
    const patterns: string[] = [];
    let node = from;
    let run: Step[] = [];
    /** The run so far, to the next node (`to` once the last step that moves is in it). */
    const flush = (final: boolean): void => {
      if (run.length === 0) return;
      const next = final ? to : this.variable();
      patterns.push(`${node} ${propertyPath(run)} ${next} .`);
      node = next;
      run = [];
    };
    path.forEach((step, i) => {
      if (isPropertyPath(step)) {
        run.push(step);
        if (i === lastMove) flush(true);
      } else if ('having' in step) {
        flush(false);
        patterns.push(`${node} ${iri(step.having)} ${iri(step.value)} .`);
      } else if ('any' in step) {
        flush(false);
        const next = i === lastMove ? to : this.variable();
        patterns.push(...union(step.any.map((alternative) => this.path(node, alternative, next))));
        node = next;
      }
    });
    return patterns;
  }
}
