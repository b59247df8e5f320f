/**
 * The usual fix for each rule ingest (and the reading of a graph record) applies, in a few
 * words, for the `hint` of a Problem. The shapes carry theirs in shapes/*.ttl (svc:hint). A
 * rule without a hint does not compile: `IngestRule` is the table's keys.
 */
export const INGEST_HINTS = {
  'not-an-object': 'give each document as one JSON object with "@context", "id" and "type"',
  'root-id': 'set "id" to the absolute HTTP(S) URI at which the entity is served, e.g. "https://example.org/object/1"',
  context:
    'use "@context": "https://linked.art/ns/v1/linked-art.json" (or an array of inline extension objects ending with it): it is the only context known, and nothing is fetched',
  'embedded-context':
    'remove the inner "@context"; put an extension in the top-level "@context" array, before the v1 context URI',
  'root-type':
    'set "type" to the class of one of the eleven kinds (e.g. HumanMadeObject, Person, Set, LinguisticObject); a structure of another class belongs embedded in the document it describes',
  type: 'write each "type" as a string naming a class, e.g. "type": "Name"',
  'unknown-type':
    'use a class of the Linked Art context, spelt as it is there (HumanMadeObject, not the pre-1.0 ManMadeObject)',
  id: 'make every "id" an absolute IRI ("https://…", spaces percent-encoded as %20) or a blank-node name ("_:b1"), or leave "id" out of a structure that has none',
  'hal-links':
    'nothing to do: the service makes the links (self, versions, formats, reverse links) of every document it serves; drop "_links" before loading to silence this',
  'unmapped-key':
    'use a key the Linked Art context defines on this node, or say it in words with referred_to_by (a LinguisticObject with content); a key the context does not map would be lost',
  keyword:
    'leave the JSON-LD keyword out: a Linked Art document uses "@context", "id", "type" and the context\'s terms',
  reserved: 'rename the key: its IRI is the one the service keeps its shape hints under',
  null: 'leave the key (or the array entry) out instead of writing null',
  reference:
    'give a reference as an object {"id": "https://…", "type": "…", "_label": "…"}, or as an absolute IRI where the context takes one',
  datatype:
    'write this value as a JSON string in the form the context\'s datatype wants (a date-time: "1503-04-15T00:00:00Z")',
  'value-object':
    'write a plain string, number or boolean; a value object holds only "@value" with "@type" or "@language"',
  complete:
    '"_complete" is true or false, on a structure with an "id"; an assignment whose full record is at its "id" says "_complete": false',
  'graph-root':
    'name the graph after the entity it describes, and give that entity, in the graph, the class of one of the eleven kinds',
  'not-unicode':
    'write the text as Unicode: a \\uD800-\\uDFFF escape stands for half a character and must come in a pair (a high one, then a low one)',
  'not-renderable':
    "use only predicates the Linked Art context has a key for, and keep every triple reachable from the document's root",
} as const satisfies Readonly<Record<string, string>>;

export type IngestRule = keyof typeof INGEST_HINTS;
