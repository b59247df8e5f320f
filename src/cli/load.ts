/**
 * `linkedart load`: dumps into a data directory (opened here), or into a running server
 * (`--server URL --token T`, streamed to its bulk endpoint, which runs the same pipeline).
 * The report groups refusals by rule, then a summary; `--json` has every problem of every
 * document, and `--rejects FILE` every refused document, to fix and load again. Exit code: 0 all stored, 1 anything refused, unreadable or left over, 2 usage.
 */
import { configOfFlags } from './flagSettings.js';
import { application } from '../linkedart/Actor.js';
import { existsSync } from 'node:fs';
import { Command, Option } from 'commander';
import { SETTINGS } from '../config/Config.js';
import {
  DUMP_FORMATS,
  dumpFormatNamed,
  InputError,
  resolveInputs,
  type DumpFormat,
  type LoadInput,
} from '../load/inputs.js';
import { defaultCheckWorkers } from '../load/gate/CheckWorkers.js';
import { Loader } from '../load/Loader.js';
import type { LoadProgress } from '../load/LoadOptions.js';
import { formatReport, hasFailures, WARNED_LISTED, type LoadReport } from '../load/LoadReport.js';
import { progressDisplay, type ProgressView } from './progressDisplay.js';
import { loadIntoServer } from '../load/loadIntoServer.js';
import { RejectsFile, type RejectedRecord } from '../load/rejectsFile.js';
import { DocumentService } from '../service/DocumentService.js';
import { REPAIR_POLICIES, repairPolicyNamed } from '../ingest/repairs/repairDocument.js';
import { conformanceOf, conformanceOption } from './conformanceOption.js';
import type { SourceConventions } from '../ingest/repairs/SourceConventions.js';
import { conventionsOfFlags, dateOrderOption } from './dateOrderOption.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';
import { addDocumentLimitOptions, documentLimitsOfFlags, type DocumentLimitFlags } from './limitOptions.js';
import { ConfigError } from '../config/Config.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import type { ConformancePolicy } from '../validate/conformancePolicy.js';
import { stopOnSignals } from './stopOnSignals.js';
import { describedAs } from './commandSummaries.js';
import { keepAfterLoad, keptIndexesForLoad } from './keptAfterLoad.js';

interface LoadFlags extends StoreFlags, DocumentLimitFlags {
  /** False with --no-start-indexes. */
  startIndexes?: boolean;
  server?: string;
  token?: string;
  baseUrl?: string;
  base?: string;
  repair: string;
  conformance?: string;
  dateOrder: string;
  format?: string;
  strict: boolean;
  dryRun: boolean;
  batchSize: string;
  checkWorkers: string;
  json: boolean;
  warnings: boolean;
  progress: boolean;
  rejects?: string;
  keepVersions?: string;
}

export function loadCommand(): Command {
  return addDocumentLimitOptions(addStoreOptions(new Command('load')), { conflictsWithServer: true })
    .description(describedAs('load'))
    .argument('<inputs...>', 'files, directories, or - for standard input (then --format)')
    .addOption(new Option('--server <url>', 'load into the running server at this URL (its bulk endpoint)'))
    .addOption(new Option('--token <token>', `bearer token of the server (env ${SETTINGS.token.env})`))
    .addOption(
      new Option(
        '--base-url <url>',
        'relative ids resolve against this URL; when splitting triples with no graph, only subjects under it are documents',
      ),
    )
    .addOption(new Option('--base <url>', 'the same as --base-url').hideHelp())
    .option(
      '--repair <which>',
      `repairs of form before the gate (see README, Repairs): ${REPAIR_POLICIES.join(' or ')}`,
      'all',
    )
    .addOption(conformanceOption())
    .addOption(dateOrderOption())
    .addOption(
      new Option('--format <format>', `format of every input, instead of the extension: ${DUMP_FORMATS.join(', ')}`),
    )
    .option('--strict', 'any refused document aborts the whole load: nothing is stored', false)
    .option('--dry-run', 'check everything, store nothing', false)
    .option('--batch-size <n>', 'documents per atomic write', '500')
    .option(
      '--check-workers <n>',
      'worker threads that check documents while the input is read (0: check in the reading thread)',
      String(defaultCheckWorkers()),
    )
    .option('--json', 'print the report as JSON on standard output', false)
    .option('--warnings', 'list every warning (by default they are counted by rule)', false)
    .addOption(
      new Option(
        '--rejects <file>',
        'write every refused document to this file (NDJSON: the document as given, its problems beside it); fix it and load it again',
      ),
    )
    .addOption(
      new Option(
        '--keep-versions <n>',
        `${SETTINGS.keepVersions.help} (env ${SETTINGS.keepVersions.env}; as the server that serves the store)`,
      ).conflicts('server'),
    )
    .option(
      '--no-start-indexes',
      'do not keep the start-up indexes for the first start after the load (the load about 8% less CPU; that start builds them from the store: about twice as long)',
    )
    .option('--no-progress', 'no progress display')
    .action(async (inputs: string[], flags: LoadFlags) => {
      process.exitCode = await runLoad(inputs, flags);
    });
}

/** A load's progress: the bar over the bytes of the inputs, when their size is known. */
const LOAD_PROGRESS: ProgressView<LoadProgress> = {
  barFormat: '{bar} {percentage}% | {documents} documents | {rate} documents/s | ETA {eta_formatted}',
  bar: (p) => {
    const total = p.totalBytes ?? 0;
    return { value: total > 0 ? Math.min(p.bytes, total) : 0, total, fields: { documents: p.documents } };
  },
  words: (p, rate) => {
    const share = p.totalBytes
      ? ` (${Math.floor((100 * p.bytes) / p.totalBytes)}% of ${(p.totalBytes / 1048576).toFixed(1)} MB)`
      : '';
    return `load: ${p.documents} documents${share}, ${rate} documents/s`;
  },
  counted: (p) => p.documents,
};

/** What the flags ask of a load, checked: the inputs and the settings besides the flags taken as they are. */
interface LoadSettings {
  readonly inputs: LoadInput[];
  readonly documentLimits: DocumentLimits;
  readonly conformance: ConformancePolicy | undefined;
  readonly conventions: SourceConventions;
  readonly batchSize: number;
  readonly checkWorkers: number;
}

/** The flags checked; throws InputError or ConfigError naming the first that is wrong. */
function loadSettings(paths: string[], flags: LoadFlags): LoadSettings {
  let format: DumpFormat | undefined;
  const batchSize = Number(flags.batchSize);
  const checkWorkers = Number(flags.checkWorkers);
  if (flags.format !== undefined) {
    format = dumpFormatNamed(flags.format);
    if (!format)
      throw new InputError(`--format ${flags.format}: not a dump format; use one of ${DUMP_FORMATS.join(', ')}`);
  }
  // Into a server: its own policy unless the flag asks for another.
  const conformance = conformanceOf(flags.conformance, flags.server === undefined);
  if (typeof conformance === 'object') throw new InputError(conformance.error);
  if (!repairPolicyNamed(flags.repair))
    throw new InputError(`--repair ${flags.repair}: one of ${REPAIR_POLICIES.join(', ')}`);
  const conventions = conventionsOfFlags(flags.dateOrder, repairPolicyNamed(flags.repair));
  if (flags.base !== undefined && flags.baseUrl !== undefined && flags.base !== flags.baseUrl)
    throw new InputError('--base and --base-url are the same option; give one');
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new InputError(`--batch-size ${flags.batchSize}: a whole number of documents, at least 1`);
  if (!Number.isInteger(checkWorkers) || checkWorkers < 0 || checkWorkers > 64)
    throw new InputError(`--check-workers ${flags.checkWorkers}: a whole number of threads from 0 to 64`);
  if (flags.rejects !== undefined && flags.server !== undefined) {
    throw new InputError(
      '--rejects works on a local load; with --server the report (--json) has every problem of every document',
    );
  }
  const inputs = resolveInputs(paths, format);
  const documentLimits = documentLimitsOfFlags(flags);
  return { inputs, documentLimits, conformance, conventions, batchSize, checkWorkers };
}

async function runLoad(paths: string[], flags: LoadFlags): Promise<number> {
  let settings: LoadSettings;
  try {
    settings = loadSettings(paths, flags);
  } catch (error) {
    if (!(error instanceof InputError) && !(error instanceof ConfigError)) throw error;
    console.error(`linkedart load: ${error.message}`);
    return 2;
  }
  const { inputs, documentLimits, conformance, conventions, batchSize, checkWorkers } = settings;

  // A second Ctrl-C: go now (every write is atomic anyway).
  const stop = stopOnSignals(
    () => '\ninterrupt: finishing the write in progress (Ctrl-C again to quit at once)',
    () => 130,
  );
  const progress = flags.progress && !flags.json ? progressDisplay(LOAD_PROGRESS) : undefined;
  let rejects: RejectsFile | undefined;
  try {
    if (flags.rejects !== undefined) rejects = new RejectsFile(flags.rejects);
  } catch (error) {
    console.error(`linkedart load: --rejects ${flags.rejects}: ${(error as Error).message}`);
    return 2;
  }
  const options = {
    strict: flags.strict,
    dryRun: flags.dryRun,
    documentLimits,
    baseUrl: flags.baseUrl ?? flags.base,
    repair: repairPolicyNamed(flags.repair),
    conventions,
    batchSize,
    conformance,
    checkWorkers,
    signal: stop.signal,
    // The summary counts warnings by rule; every one is kept only when asked for (each listed, or the JSON report).
    warningsListed: flags.warnings || flags.json ? Number.POSITIVE_INFINITY : WARNED_LISTED,
    onProgress: progress ? (p: Parameters<NonNullable<typeof progress>['update']>[0]) => progress.update(p) : undefined,
    onRejected: rejects ? (r: RejectedRecord) => rejects.write(r) : undefined,
    // The change feed names the command as the activities' actor.
    actor: application('linkedart load'),
  };

  let report: LoadReport;
  try {
    if (flags.server !== undefined) {
      const token = flags.token ?? process.env[SETTINGS.token.env];
      report = await loadIntoServer(flags.server, token, inputs, options);
    } else if (flags.dryRun && noDataDirectory(storeConfigOf(flags))) {
      // A dry run creates nothing (no directory, lock or log): with no store yet, every document would be new.
      report = await new Loader(undefined, options).load(inputs);
    } else {
      // A dry run reads the store (to say new, replaced or unchanged), and never creates it.
      const store = await openCommandStore(storeConfigOf(flags), 'load', {
        create: !flags.dryRun,
        viaServer: 'load into it with --server <its URL> --token <token>',
      });
      try {
        const documents = new DocumentService(store);
        documents.keepVersions = configOfFlags(['keepVersions'], flags, process.env).keepVersions;
        const kept = await keptIndexesForLoad(store, flags.dryRun === true, flags.startIndexes !== false);
        const keptIndexes = typeof kept === 'object' ? { keptIndexes: kept } : {};
        report = await new Loader(documents, { ...options, ...keptIndexes }).load(inputs);
        progress?.stop();
        const said = await keepAfterLoad(kept, store, report);
        if (said) console.error(said);
      } finally {
        progress?.stop();
        await store.close();
      }
    }
  } finally {
    progress?.stop();
    rejects?.close();
    stop.release();
  }
  if (flags.json) process.stdout.write(JSON.stringify(report) + '\n');
  else console.error(formatReport(report, flags.warnings));
  if (rejects)
    console.error(
      `rejects: ${rejects.count} refused document${rejects.count === 1 ? '' : 's'} written to ${rejects.path}${rejects.count ? '; fix them there and load that file again' : ''}`,
    );
  return report.aborted && stop.signal.aborted ? 130 : hasFailures(report) ? 1 : 0;
}

/** An embedded store whose data directory does not exist yet. */
function noDataDirectory(config: ReturnType<typeof storeConfigOf>): boolean {
  return config.kind === 'embedded' && !existsSync(config.dataDir);
}
