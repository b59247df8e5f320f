/**
 * `linkedart merge A B`: merge document A into B in a data directory or SPARQL store (a running
 * server's store: POST /_merge with its token instead). A then answers 308 to B, the feed has
 * the Move; the documents referring to A are listed, and with --rewrite-references rewritten to
 * refer to B, each through the gate. Exit 0 merged, 1 refused (nothing written; why on stderr),
 * 2 a usage error.
 */
import { Command } from 'commander';
import { application } from '../linkedart/Actor.js';
import { formatProblem } from '../linkedart/Problem.js';
import { mergeDocuments } from '../merge/mergeDocuments.js';
import { MergeRefused } from '../merge/MergeRefused.js';
import { DocumentService } from '../service/DocumentService.js';
import { describedAs } from './commandSummaries.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';

interface MergeFlags extends StoreFlags {
  readonly rewriteReferences: boolean;
  readonly json: boolean;
}

export function mergeCommand(): Command {
  return addStoreOptions(new Command('merge'))
    .description(describedAs('merge'))
    .argument('<from>', 'the id merged away (A): it will answer 308 to <to>')
    .argument('<to>', 'the id it is merged into (B), stored')
    .option('--rewrite-references', 'rewrite the stored documents that refer to A to refer to B', false)
    .option('--json', 'print the outcome as JSON', false)
    .action(async (from: string, to: string, flags: MergeFlags) => {
      process.exitCode = await runMerge(from, to, flags);
    });
}

async function runMerge(from: string, to: string, flags: MergeFlags): Promise<number> {
  const store = await openCommandStore(storeConfigOf(flags), 'merge', {
    create: false,
    viaServer: 'merge through that server (POST /_merge with a curator token)',
  });
  try {
    const documents = new DocumentService(store);
    const outcome = await mergeDocuments(documents, {
      from,
      to,
      rewriteReferences: flags.rewriteReferences,
      actor: application('linkedart merge'),
    });
    if (flags.json) console.log(JSON.stringify(outcome));
    else {
      console.log(`merged ${from} into ${to}: ${from} answers 308 there`);
      const { references, rewritten } = outcome;
      const kept = references.filter((id) => !rewritten.includes(id));
      for (const id of rewritten) console.log(`rewritten: ${id}`);
      for (const id of kept) console.log(`refers to ${from}: ${id}`);
      if (kept.length > 0)
        console.log(`${kept.length} document(s) still refer to ${from} (--rewrite-references rewrites them)`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof MergeRefused)) throw error;
    console.error(`linkedart merge: ${error.message}`);
    for (const problem of error.problems) console.error(`  ${formatProblem(problem)}`);
    return error.reason === 'invalid' ? 2 : 1;
  } finally {
    await store.close();
  }
}
