/**
 * The signatures of a graph's blank nodes, as the render matches them to the skeleton: a node's
 * signature (the sorted hashes of its statements whose object is not a blank node) and its deep
 * signature (its signature and its blank children's deep signatures), each computed once.
 *
 * Ingest computes the same two for every blank node it makes without a name (the skeleton node's
 * `s` and `d`), from the same statements, when it makes the quads: the gate's lossless check, which
 * renders the quads ingest just made, hands them over (`known`) rather than hashing every
 * statement again. See SignedBlanks in ingestDocument.ts for when they are the same.
 */
import { deepSignatureOf, signatureOf, statementHash, type SkeletonNode } from '../hints/Skeleton.js';
import type { Term } from '../rdf/terms.js';
import type { SubjectIndex } from './subjectIndex.js';

export class BlankSignatures {
  private readonly signatures = new Map<string, string>();
  private readonly deepSignatures = new Map<string, string>();

  /**
   * `index`: each subject's statements; `known`: the skeleton node
   * ingest made for a blank node, by label, whose `s` and `d` are this node's signatures.
   */
  constructor(
    private readonly index: SubjectIndex,
    private readonly known?: ReadonlyMap<string, SkeletonNode>,
  ) {}

  signature(blank: Term): string {
    let sig = this.signatures.get(blank.value);
    if (sig === undefined) {
      sig = this.known?.get(blank.value)?.s;
      if (sig === undefined) {
        const hashes: string[] = [];
        for (const [pred, terms] of this.index.of(blank) ?? []) {
          for (const t of terms) if (t.termType !== 'BlankNode') hashes.push(statementHash(pred, t));
        }
        sig = signatureOf(hashes);
      }
      this.signatures.set(blank.value, sig);
    }
    return sig;
  }

  /** As ingest computes it: the node's signature and its blank children's deep signatures. */
  deepSignature(blank: Term): string {
    return (
      this.deepSignatures.get(blank.value) ?? this.known?.get(blank.value)?.d ?? this.computeDeep(blank, new Set())
    );
  }

  /** `visiting`: the nodes on the path here, whose cycle back is not followed. */
  private computeDeep(blank: Term, visiting: Set<string>): string {
    let deep = this.deepSignatures.get(blank.value) ?? this.known?.get(blank.value)?.d;
    if (deep !== undefined) return deep;
    visiting.add(blank.value);
    const children: Array<[string, string]> = [];
    for (const [pred, terms] of this.index.of(blank) ?? []) {
      for (const t of terms) {
        if (t.termType === 'BlankNode' && !visiting.has(t.value)) children.push([pred, this.computeDeep(t, visiting)]);
      }
    }
    visiting.delete(blank.value);
    deep = deepSignatureOf(this.signature(blank), children);
    this.deepSignatures.set(blank.value, deep);
    return deep;
  }
}
