/**
 * Anything the page has no section for is still shown: a key/value table whose values are
 * text, links (for references), or the same table nested (for embedded nodes). A TimeSpan
 * is shown in words beside its table. Nothing is left out.
 */
import { IdLink, Ref, useRefLabel } from './links.js';
import { DISPLAY_TITLE, idOf, isNode, labelOf, nodesOf, typesOf, type LaNode } from './linkedArt.js';
import { keyWords, kindOf, propertyWords, rawKindOf } from './terms.js';
import { timeSpanText } from './timeSpan.js';

/** Keys of a node that are about the node itself, shown in its heading rather than its table. */
const OWN = new Set(['id', 'type', '_label', '@context']);

/** Whether a node is only a reference: an id with at most a type and a label. */
export function isReference(node: LaNode): boolean {
  return idOf(node) !== undefined && Object.keys(node).every((k) => OWN.has(k));
}

export function Value({ value }: { value: unknown }) {
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    if (items.length === 1) return <Value value={items[0]} />;
    return (
      <ul>
        {items.map((v) => (
          <li>
            <Value value={v} />
          </li>
        ))}
      </ul>
    );
  }
  if (isNode(value)) {
    const id = idOf(value);
    if (isReference(value)) return <Ref node={value} />;
    if (isPlainTimeSpan(value)) return <span class="when">{timeSpanText(value)}</span>;
    if (id && isClassifiedReference(value)) {
      return (
        <>
          <Ref node={value} /> <span class="type">({nodesOf(value, 'classified_as').map(labelOf).join(', ')})</span>
        </>
      );
    }
    return <NodeTable node={value} />;
  }
  if (value === null || value === undefined) return <span>—</span>;
  return <span>{typeof value === 'string' ? value : JSON.stringify(value)}</span>;
}

/** A reference to a term carrying only its own classifications (Painting, classified as Type of Work). */
function isClassifiedReference(node: LaNode): boolean {
  return (
    Object.keys(node).every((k) => OWN.has(k) || k === 'classified_as') &&
    nodesOf(node, 'classified_as').every(isReference)
  );
}

/** The keys a TimeSpan shown in words says all of: its bounds and its display names. */
const TIMESPAN_KEYS = new Set([
  ...OWN,
  'begin_of_the_begin',
  'end_of_the_begin',
  'begin_of_the_end',
  'end_of_the_end',
  'identified_by',
]);

/** A TimeSpan whose words say all it holds: bounds, and names that are only display titles. */
export function isPlainTimeSpan(node: LaNode): boolean {
  if (node.type !== 'TimeSpan' || idOf(node) !== undefined) return false;
  if (!Object.keys(node).every((k) => TIMESPAN_KEYS.has(k))) return false;
  if (typeof node.begin_of_the_begin !== 'string' && typeof node.end_of_the_end !== 'string') return false;
  return nodesOf(node, 'identified_by').every(
    (n) =>
      typesOf(n).includes('Name') &&
      Object.keys(n).every((k) => ['type', 'content', 'classified_as'].includes(k)) &&
      nodesOf(n, 'classified_as').every((c) => idOf(c) === DISPLAY_TITLE),
  );
}

/** An embedded node: what it is (its label, linked if it has an id), then the rest of its keys. */
export function NodeTable({ node, skip = [] }: { node: LaNode; skip?: readonly string[] }) {
  const id = idOf(node);
  const when = node.type === 'TimeSpan' ? timeSpanText(node) : undefined;
  const label = useRefLabel(node);
  const keys = Object.keys(node).filter((k) => !OWN.has(k) && !skip.includes(k));
  return (
    <div class="node">
      <span class="node-head">
        {id ? <IdLink id={id}>{label}</IdLink> : typeof node._label === 'string' ? node._label : null}
        {when ? (
          <>
            {' '}
            <span class="when">{when}</span>
          </>
        ) : null}{' '}
        <span class="type" title={rawKindOf(node)}>
          {kindOf(node)}
        </span>
      </span>
      {keys.length > 0 ? <KeyValues node={node} keys={keys} /> : null}
    </div>
  );
}

/** The given keys of a node as a definition list. */
export function KeyValues({ node, keys }: { node: LaNode; keys: readonly string[] }) {
  return (
    <dl>
      {keys.map((k) => (
        <>
          <dt title={k}>{keyWords(k)}</dt>
          <dd>{k === 'assigned_property' ? <PropertyNames value={node[k]} /> : <Value value={node[k]} />}</dd>
        </>
      ))}
    </dl>
  );
}

/** An Assignment's `assigned_property`: the property (or properties) it assigned, in words, the raw name in a title. */
function PropertyNames({ value }: { value: unknown }) {
  const names = (Array.isArray(value) ? (value as unknown[]) : [value]).filter(
    (v): v is string => typeof v === 'string',
  );
  if (names.length === 0) return <Value value={value} />;
  return (
    <>
      {names.map((name, i) => (
        <>
          {i > 0 ? ', ' : ''}
          <span title={name}>{propertyWords(name)}</span>
        </>
      ))}
    </>
  );
}
