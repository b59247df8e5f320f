/**
 * The load pipeline: inputs → records (by format) → the write gate → batches → the store.
 *
 * Each batch is one atomic, durable write, so an interrupted load (Ctrl-C, kill -9) leaves
 * every document wholly old or wholly new; running it again stores only what differs (the
 * store's digests say which documents are unchanged, and those are not even checked again:
 * the digest covers the shapes' version). While one batch is being written in the store's
 * worker, the next is checked (in check workers, when the load is given any: src/load/gate)
 * and the one after is read here.
 *
 * The same id twice: the last copy is the one loaded, decided before anything is written (a
 * first pass reads the ids alone, lastCopies.ts); the earlier copies are left out and reported
 * as superseded. So a reload of an unchanged folder writes nothing.
 *
 * `strict`: a first pass checks everything and stores nothing; only if nothing was refused
 * does the second pass store. `dryRun`: the first pass alone. Both read the stored versions,
 * to say which documents are new, replaced or unchanged as the load would find them.
 *
 * A scoped actor's load (a token limited to an id prefix) has every id checked against the
 * scope before anything is stored (scopeCheck.ts).
 */
import type { DocumentService } from '../service/DocumentService.js';
import { Gates } from './gate/Gates.js';
import { spoolInputs, type LoadInput, type SpooledInputs } from './inputs.js';
import { hasFailures, type LoadReport } from './LoadReport.js';
import { LastCopies } from './lastCopies.js';
import type { LoadOptions } from './LoadOptions.js';
import { LoadPass } from './LoadPass.js';
import { refuseOutsideScope, scopeChecked } from './scopeCheck.js';

export class Loader {
  constructor(
    private readonly documents: DocumentService | undefined,
    private readonly options: LoadOptions = {},
  ) {}

  async load(given: readonly LoadInput[]): Promise<LoadReport> {
    let spooled: SpooledInputs | undefined;
    let inputs = given;
    const idsFirst = !this.options.readOnce && LastCopies.needed(given);
    const scoped = scopeChecked(this.options);
    if ((idsFirst || scoped || (this.options.strict && !this.options.dryRun)) && given.some((i) => !i.reopenable)) {
      // Read twice (the ids first, a scope's check, or strict's two passes): a stream (standard input, a request body) is kept in a file first.
      spooled = await spoolInputs(given);
      inputs = spooled.inputs;
    }
    const gates = new Gates(this.options.checkWorkers ?? 0, {
      repair: this.options.repair ?? 'all',
      base: this.options.baseUrl,
      conventions: this.options.conventions,
      conformance: this.options.conformance,
    });
    try {
      if (scoped) await refuseOutsideScope(inputs, this.options);
      const lastCopies = idsFirst ? await LastCopies.read(inputs, this.options) : undefined;
      return await this.checkedLoad(inputs, gates, lastCopies);
    } finally {
      await gates.close();
      await spooled?.remove();
    }
  }

  private async checkedLoad(
    inputs: readonly LoadInput[],
    gates: Gates,
    lastCopies: LastCopies | undefined,
  ): Promise<LoadReport> {
    if (this.options.strict && !this.options.dryRun) {
      const check = await this.pass(inputs, true, gates, lastCopies);
      if (hasFailures(check)) {
        check.aborted ??= `--strict: ${check.rejected} documents rejected${check.unreadable.length ? `, ${check.unreadable.length} unreadable parts` : ''}${check.leftovers.length ? ', triples left over' : ''}; nothing was stored`;
        return check;
      }
    }
    return this.pass(inputs, this.options.dryRun === true || this.documents === undefined, gates, lastCopies);
  }

  /** `lastCopies`: which copy of each id counts (none: the inputs are read once, readOnce). */
  private pass(
    inputs: readonly LoadInput[],
    dryRun: boolean,
    gates: Gates,
    lastCopies: LastCopies | undefined,
  ): Promise<LoadReport> {
    return new LoadPass(this.documents, this.options, dryRun, gates, lastCopies).run(inputs);
  }
}
