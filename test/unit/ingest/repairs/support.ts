/** Table-driven checks of one repair through repairDocument: what comes out, the notes, the input untouched. */
import { expect } from 'chai';
import { repairDocument } from '../../../../src/ingest/repairs/repairDocument.js';
import { formatRepair } from '../../../../src/ingest/repairs/RepairNote.js';
import type { SourceConventions } from '../../../../src/ingest/repairs/SourceConventions.js';
import { DocumentRejected } from '../../../../src/linkedart/Problem.js';
import { admitDocument } from '../../../../src/validate/admitDocument.js';

export const V1 = 'https://linked.art/ns/v1/linked-art.json';
export const ID = 'https://example.org/object/1';

export function object(extra: Record<string, unknown>): Record<string, unknown> {
  return { '@context': V1, id: ID, type: 'HumanMadeObject', _label: 'Jug', ...extra };
}

export interface RepairCase {
  readonly name: string;
  readonly doc: Record<string, unknown>;
  /** The document after repair; undefined: the same object back, nothing noted. */
  readonly after?: Record<string, unknown>;
  /** The formatted notes, in order. */
  readonly notes?: readonly string[];
  readonly base?: string;
  readonly conventions?: SourceConventions;
}

export function repairCases(repair: string, cases: readonly RepairCase[]): void {
  for (const c of cases) {
    it(c.name, () => {
      const before = JSON.stringify(c.doc);
      const { document, repairs } = repairDocument(c.doc, { base: c.base, conventions: c.conventions });
      expect(JSON.stringify(c.doc), 'the input is never changed').to.equal(before);
      if (c.after === undefined) {
        expect(document).to.equal(c.doc);
        expect(repairs.filter((r) => r.repair === repair).map(formatRepair)).to.deep.equal([]);
        return;
      }
      expect(document).to.deep.equal(c.after);
      expect(repairs.filter((r) => r.repair === repair).map(formatRepair)).to.deep.equal(c.notes ?? []);
    });
  }
}

/** `path rule` of each Violation the gate refuses a document with, as written (no repairs); [] when it is admitted. */
export function violationsAsWritten(doc: unknown): string[] {
  try {
    admitDocument(doc);
    return [];
  } catch (error) {
    if (!(error instanceof DocumentRejected)) throw error;
    return error.problems.filter((p) => p.severity === 'Violation').map((p) => `${p.path} ${p.rule}`);
  }
}

/** The gate's verdict on a document once repaired (with `conventions`): `admitted`, or its Violations. */
export function violationsRepaired(doc: unknown, conventions?: SourceConventions): string[] {
  return violationsAsWritten(repairDocument(doc, { conventions }).document);
}
