/**
 * Reading a rendered Linked Art document for a page: its nodes are plain JSON objects, and
 * any key may hold one value or a list. These helpers read them in Linked Art's own terms
 * (a node's label, its primary name, its classifications) without assuming more of the
 * document than the model promises.
 */

/** A node of the document: the entity, an embedded node, or a reference (`id`, `type`, `_label`). */
export type LaNode = Readonly<Record<string, unknown>>;

/** The Getty AAT terms the pages recognise. */
export const AAT = 'http://vocab.getty.edu/aat/';
export const PRIMARY_NAME = `${AAT}300404670`;
export const DISPLAY_TITLE = `${AAT}300404669`;

export function isNode(value: unknown): value is LaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key's values as a list (absent: empty). */
export function valuesOf(node: LaNode, key: string): unknown[] {
  const value = node[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** A key's values that are nodes. */
export function nodesOf(node: LaNode, key: string): LaNode[] {
  return valuesOf(node, key).filter(isNode);
}

export function idOf(node: LaNode): string | undefined {
  return typeof node.id === 'string' ? node.id : undefined;
}

export function typesOf(node: LaNode): string[] {
  return valuesOf(node, 'type').filter((t): t is string => typeof t === 'string');
}

/**
 * A JSON value as text where a scalar is expected: `absent` for null or undefined, else as String() writes it
 * (an object or array, not expected here, as JSON rather than "[object Object]").
 */
export function scalarText(value: unknown, absent: string): string {
  if (value === null || value === undefined) return absent;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? absent;
}

/** What a person would call a node: its label, else its own content, else its primary name, else its id. */
export function labelOf(node: LaNode): string {
  if (typeof node._label === 'string' && node._label !== '') return node._label;
  if (typeof node.content === 'string' && node.content !== '') return node.content;
  const name = primaryName(node);
  if (name) return name;
  return idOf(node) ?? typesOf(node).join(', ');
}

/** Whether a node is classified as the term `id`. */
export function isClassifiedAs(node: LaNode, id: string): boolean {
  return nodesOf(node, 'classified_as').some((c) => idOf(c) === id);
}

/** The names (`Name` nodes with content) a node is identified by. */
export function namesOf(node: LaNode): LaNode[] {
  return nodesOf(node, 'identified_by').filter((n) => typesOf(n).includes('Name') && typeof n.content === 'string');
}

/** The primary name's content: the name classified as Primary Name, else the first name. */
export function primaryName(node: LaNode): string | undefined {
  const names = namesOf(node);
  const primary = names.find((n) => isClassifiedAs(n, PRIMARY_NAME)) ?? names[0];
  return primary?.content as string | undefined;
}

/** The title of an entity's page: its primary name, else its label, else its id. */
export function titleOf(document: LaNode): string {
  return (
    primaryName(document) ??
    (typeof document._label === 'string' && document._label !== '' ? document._label : (idOf(document) ?? 'Untitled'))
  );
}
