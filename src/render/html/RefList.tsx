/**
 * A section listing references under one heading: classifications (each label linked to its
 * vocabulary term), materials, membership, and the like. A value that is more than a
 * reference is shown whole.
 */
import { NodeTable, isReference } from './Generic.js';
import { Ref } from './links.js';
import { isNode, valuesOf, type LaNode } from './linkedArt.js';

export function RefList({
  entity,
  keyName,
  heading,
  id,
}: {
  entity: LaNode;
  keyName: string;
  heading: string;
  id: string;
}) {
  const values = valuesOf(entity, keyName);
  if (values.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul class="refs">
        {values.map((v) => (
          <li>{isNode(v) ? isReference(v) ? <Ref node={v} /> : <NodeTable node={v} /> : String(v)}</li>
        ))}
      </ul>
    </section>
  );
}
