/**
 * `empty-id`: an embedded structure's `"id": ""` is dropped, and the structure is one of its
 * own (a blank node), as if it had been written without an id. An empty IRI reference
 * resolves to the document's own URL (RFC 3986 §5.2): resolved, it would make the structure
 * the document itself, merging the two; unresolved, it is refused. Neither is what was meant.
 *
 * Not the document's own id: a document must have one, and it stays refused as today (or,
 * where the write gives a base, is resolved to it by `relative-id`, as JSON-LD does).
 */
import { join, KeyScan, without, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

export const emptyId: Repair = {
  name: 'empty-id',
  cites:
    'RFC 3986 §5.2 (an empty reference resolves to the base: the document itself); JSON-LD 1.1, Embedding and Identifying Blank Nodes (a node object without @id is a blank node)',
  summary:
    'an embedded structure\'s "id": "" is dropped: the structure is a blank node of its own (not the document\'s id)',
  needs: KeyScan.emptyString,
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (at.path === '') return undefined;
    const key = node['id'] === '' ? 'id' : node['@id'] === '' ? '@id' : undefined;
    if (key === undefined) return undefined;
    note(
      join(at.path, key),
      'dropped the empty id "" (it would name the document itself): the structure is one of its own, without an id',
    );
    return without(node, key);
  },
};
