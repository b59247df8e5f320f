/**
 * `redundant-context`: an `@context` inside the document, equal to the document's own (Yale
 * LUX embeds one in `digitally_shown_by`), says nothing the document does not already say:
 * dropped, with a notice. Any other embedded `@context` stays refused.
 */
import { join, without, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';
import { shown } from './RepairNote.js';

export const redundantContext: Repair = {
  name: 'redundant-context',
  cites:
    'JSON-LD 1.1 §4.1 (an embedded context applies on top of the active one: the same context again changes no term); Linked Art API 1.0, Shared Data Structures: embedded structures "do not have their own @context"',
  summary: "an @context inside the document equal to the document's own is dropped",
  keys: ['@context'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if (at.path === '' || !('@context' in node)) return undefined;
    if (JSON.stringify(node['@context']) !== JSON.stringify(at.documentContext)) return undefined;
    note(join(at.path, '@context'), `dropped ${shown(node['@context'])} (the document's own context again)`);
    return without(node, '@context');
  },
};
