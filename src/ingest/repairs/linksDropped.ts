/**
 * `links-dropped`: `_links` is HAL navigation a publishing API adds (Yale LUX's records carry
 * it), not data about the entity: the context does not map it and it is never stored. It is
 * dropped, with a notice naming what was dropped.
 */
import { join, without, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';
import { shown } from './RepairNote.js';

export const linksDropped: Repair = {
  name: 'links-dropped',
  cites:
    "HAL (draft-kelly-json-hal §4.1.1: _links holds links to other resources, not the resource's own data); the Linked Art context does not map _links",
  summary: '_links (HAL navigation, not data) is dropped, never stored',
  keys: ['_links'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (!('_links' in node) || at.ctx.terms.has('_links')) return undefined;
    note(join(at.path, '_links'), `dropped ${shown(node['_links'])} (navigation, not data)`);
    return without(node, '_links');
  },
};
