/**
 * `name-content`: a Name with no `content` but a `_label` gives its `_label` as its `content`
 * (the `_label` kept). In Linked Art the `content` is the name itself and the `_label` a
 * display label for the Name node; a Name written with the label alone names itself there,
 * so the text is the same, put where the spec reads it. Only a single string `_label`.
 */
import { join, withValue, type JsonObject, type Note, type NodeVisit, type Repair } from './Repair.js';

export const nameContent: Repair = {
  name: 'name-content',
  cites:
    'Linked Art API 1.0, Names: a Name must have `content`, its text (P190 has symbolic content); `_label` is only a label for the node (rdfs:label)',
  summary: 'a Name with no content but a _label → content from the _label (the _label kept)',
  keys: ['_label'],
  node(node: JsonObject, at: NodeVisit, note: Note): JsonObject | undefined {
    if ('content' in node) return undefined;
    const label = node['_label'];
    // Most nodes with a _label are not Names: the type read as cheaply as can be.
    const type = node['type'] ?? node['@type'];
    if (
      typeof label !== 'string' ||
      label === '' ||
      !(type === 'Name' || (Array.isArray(type) && type.includes('Name')))
    )
      return undefined;
    note(join(at.path, 'content'), `"content" ${JSON.stringify(label)} from the _label (the _label kept)`);
    return withValue(node, 'content', label);
  },
};
