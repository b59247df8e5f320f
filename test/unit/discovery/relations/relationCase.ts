/**
 * Hand-made cases for the relations: a small document that passes the write gate, and the
 * targets the relation must link from it (none, for a near miss). Shared by the tables of each
 * category (agent.test.ts, place.test.ts, ...).
 */
import { expect } from 'chai';
import { reverseLinksOf } from '../../../../src/discovery/reverseLinksOf.js';
import { admitDocument } from '../../../../src/validate/admitDocument.js';

export const LA = 'https://linked.art/ns/v1/linked-art.json';
export const AAT = 'http://vocab.getty.edu/aat/';
export const EX = 'https://example.org/';

export interface RelationCase {
  /** What the case shows. */
  readonly title: string;
  readonly relation: string;
  /** The document, without `@context` (added). */
  readonly document: Record<string, unknown>;
  /** The targets the relation links from this document, in any order. */
  readonly targets: readonly string[];
}

export function runCases(cases: readonly RelationCase[]): void {
  for (const c of cases) {
    it(`${c.relation}: ${c.title}`, () => {
      const doc = admitDocument({ '@context': LA, ...c.document }, c.title);
      const rows = reverseLinksOf(doc.id, doc.quads)
        .links.filter((l) => l.relation === c.relation)
        .map((l) => l.target);
      expect(rows.sort()).to.deep.equal([...c.targets].sort());
    });
  }
}

/** A reference to a Type (a classification or technique). */
export const type = (id: string, label = 'a type'): Record<string, unknown> => ({ id, type: 'Type', _label: label });
/** A primary name, so a document passes the gate. */
export const named = (content: string): Record<string, unknown>[] => [
  {
    type: 'Name',
    content,
    classified_as: [type(`${AAT}300404670`, 'primary name')],
  },
];

/**
 * A maker of small documents of one class: `n` numbers the document (its id under `path`, its label
 * and primary name `${label} ${n}`), `extra` the properties the case is about.
 */
export const documentsOf =
  (path: string, type: string, label: string) =>
  (n: number, extra: Record<string, unknown>): Record<string, unknown> => ({
    id: `${EX}${path}/${n}`,
    type,
    _label: `${label} ${n}`,
    identified_by: named(`${label} ${n}`),
    ...extra,
  });
