/**
 * `linkedart harvest URL`: mirrors another service's change feed (IIIF Change Discovery 1.0,
 * such as our own /activity-stream or the Getty's LOD Gateway) into a data directory or a
 * remote store, incrementally (src/harvest). Exit code: 0 all harvested, 1 anything refused,
 * missing, unusable or refused, or the harvest stopped (the feed answered 4xx, the publisher kept
 * failing, the walk passed a bound), 2 usage, 130 stopped by SIGINT and 143 by SIGTERM (128 + the
 * signal's number, as a shell reports a process the signal ended: a script or a service manager
 * tells an interruption from a failure; what was written is kept and the next run goes on from there).
 */
import { Command, Option } from 'commander';
import { ConfigError } from '../config/Config.js';
import {
  HARVEST_SETTINGS,
  resolveHarvestSettings,
  type HarvestSettings,
  type HarvestSettingsInput,
} from '../config/harvestSettings.js';
import { formatHarvestReport, harvestHasFailures, type HarvestReport } from '../harvest/HarvestReport.js';
import { Harvester } from '../harvest/Harvester.js';
import type { HarvestProgress } from '../harvest/HarvestOptions.js';
import { FeedError } from '../harvest/feedJson.js';
import { progressDisplay, type ProgressView } from './progressDisplay.js';
import { defaultCheckWorkers } from '../load/gate/CheckWorkers.js';
import { DocumentService } from '../service/DocumentService.js';
import { REPAIR_POLICIES, repairPolicyNamed, type RepairPolicy } from '../ingest/repairs/repairDocument.js';
import type { ConformancePolicy } from '../validate/conformance.js';
import { conformanceOf, conformanceOption } from './conformanceOption.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';
import { addDocumentLimitOptions, documentLimitsOfFlags, type DocumentLimitFlags } from './limitOptions.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import { stopOnSignals } from './stopOnSignals.js';
import { describedAs } from './commandSummaries.js';

interface HarvestFlags extends StoreFlags, DocumentLimitFlags, HarvestSettingsInput {
  since?: string;
  concurrency: string;
  batchSize: string;
  checkWorkers: string;
  retries: string;
  timeout: string;
  repair: string;
  conformance?: string;
  json: boolean;
  progress: boolean;
}

export function harvestCommand(): Command {
  return addDocumentLimitOptions(addStoreOptions(new Command('harvest')))
    .description(describedAs('harvest'))
    .argument('<url>', 'the feed: its OrderedCollection, e.g. https://host/activity-stream')
    .addOption(
      new Option(
        '--since <dateTime>',
        'start from this time (ISO 8601, e.g. 2026-11-01T00:00:00Z) instead of the whole feed or where the last harvest ended',
      ),
    )
    .option('--concurrency <n>', 'documents fetched at once', '8')
    .option('--batch-size <n>', 'documents per atomic write (the harvest state is written with each)', '100')
    .option(
      '--check-workers <n>',
      'worker threads that check documents while others are fetched and written (0: check in the harvesting thread)',
      String(defaultCheckWorkers()),
    )
    .option(
      '--retries <n>',
      'retries of a request that fails (5xx, 429, timeout, network), with exponential back-off from 1 s',
      '5',
    )
    .option('--timeout <seconds>', 'time limit of one request', '30')
    .option(
      '--repair <which>',
      `repairs of form before the gate, as a load makes them (see README, Repairs): ${REPAIR_POLICIES.join(' or ')}`,
      'all',
    )
    .addOption(conformanceOption())
    .option(
      '--max-document-bytes <size>',
      `${HARVEST_SETTINGS.maxDocumentBytes.help} (env ${HARVEST_SETTINGS.maxDocumentBytes.env})`,
    )
    .option(
      '--max-page-bytes <size>',
      `${HARVEST_SETTINGS.maxPageBytes.help} (env ${HARVEST_SETTINGS.maxPageBytes.env})`,
    )
    .option(
      '--max-pages-without-progress <n>',
      `${HARVEST_SETTINGS.maxPagesWithoutProgress.help} (env ${HARVEST_SETTINGS.maxPagesWithoutProgress.env})`,
    )
    .option('--max-changes <n>', `${HARVEST_SETTINGS.maxChanges.help} (env ${HARVEST_SETTINGS.maxChanges.env})`)
    .option(
      '--allow-origin <origin>',
      `${HARVEST_SETTINGS.allowOrigin.help} (env ${HARVEST_SETTINGS.allowOrigin.env})`,
      (value: string, all: string[] = []) => [...all, value],
    )
    .option(
      '--allow-private-addresses',
      `${HARVEST_SETTINGS.allowPrivateAddresses.help} (env ${HARVEST_SETTINGS.allowPrivateAddresses.env})`,
    )
    .option('--json', 'print the report as JSON on standard output', false)
    .option('--no-progress', 'no progress display')
    .action(async (url: string, flags: HarvestFlags) => {
      process.exitCode = await runHarvest(url, flags);
    });
}

const wholeNumber = (text: string, min: number) => /^\d+$/.test(text) && Number(text) >= min;

/** A harvest's progress: the pages of the feed read so far, then the bar over the documents to fetch or remove. */
const HARVEST_PROGRESS: ProgressView<HarvestProgress> = {
  barFormat: '{bar} {percentage}% | {value}/{total} documents | {rate} documents/s | ETA {eta_formatted}',
  bar: (p) => (p.phase === 'documents' ? { value: p.done, total: p.total ?? 0 } : undefined),
  words: (p, rate) =>
    p.phase === 'feed'
      ? `harvest: reading the feed, ${p.done} pages`
      : `harvest: ${p.done} of ${p.total ?? '?'} documents, ${rate} documents/s`,
  counted: (p) => p.done,
};

/** What the flags ask of a harvest, checked (the numbers are taken from the flags as they are). */
interface HarvestRun {
  readonly feedUrl: string;
  readonly since: Date | undefined;
  readonly repair: RepairPolicy;
  readonly conformance: ConformancePolicy | undefined;
  readonly documentLimits: DocumentLimits;
  readonly trust: HarvestSettings;
}

/** The feed's URL and the flags checked, or what is wrong with the first that is. */
function harvestRun(url: string, flags: HarvestFlags): HarvestRun | string {
  let feedUrl: string;
  let since: Date | undefined;
  try {
    feedUrl = new URL(url).href;
  } catch {
    return `${url}: not a URL; give the feed's URL, e.g. https://host/activity-stream`;
  }
  if (!/^https?:$/.test(new URL(feedUrl).protocol)) return `${url}: an http(s) URL is needed`;
  if (flags.since !== undefined) {
    since = new Date(flags.since);
    if (!/^\d{4}-\d\d-\d\d/.test(flags.since) || Number.isNaN(since.getTime()))
      return `--since ${flags.since}: not a date and time; use ISO 8601, e.g. 2026-11-01T00:00:00Z`;
  }
  if (!wholeNumber(flags.concurrency, 1) || Number(flags.concurrency) > 64)
    return `--concurrency ${flags.concurrency}: a whole number from 1 to 64`;
  if (!wholeNumber(flags.batchSize, 1))
    return `--batch-size ${flags.batchSize}: a whole number of documents, at least 1`;
  if (!wholeNumber(flags.checkWorkers, 0) || Number(flags.checkWorkers) > 64)
    return `--check-workers ${flags.checkWorkers}: a whole number of threads from 0 to 64`;
  if (!wholeNumber(flags.retries, 0)) return `--retries ${flags.retries}: a whole number, 0 or more`;
  const repair = repairPolicyNamed(flags.repair);
  if (!repair) return `--repair ${flags.repair}: one of ${REPAIR_POLICIES.join(', ')}`;
  const conformance = conformanceOf(flags.conformance);
  if (typeof conformance === 'object') return conformance.error;
  if (!(Number(flags.timeout) > 0)) return `--timeout ${flags.timeout}: a number of seconds above 0`;
  try {
    const documentLimits = documentLimitsOfFlags(flags);
    const trust = resolveHarvestSettings(flags);
    return { feedUrl, since, repair, conformance, documentLimits, trust };
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

async function runHarvest(url: string, flags: HarvestFlags): Promise<number> {
  const run = harvestRun(url, flags);
  if (typeof run === 'string') {
    console.error(`linkedart harvest: ${run}`);
    return 2;
  }
  const { feedUrl, since, repair, conformance, documentLimits, trust } = run;

  const stop = stopOnSignals(
    (signal) =>
      `\n${signal}: stopping: the fetches in flight are abandoned, the batches already checked are written (${signal} again to quit at once; the next run goes on from the last batch written)`,
    exitCodeOf,
  );
  const progress = flags.progress && !flags.json ? progressDisplay(HARVEST_PROGRESS) : undefined;
  let report: HarvestReport;
  try {
    const store = await openCommandStore(storeConfigOf(flags), 'harvest', {
      create: true,
      viaServer: 'stop the server to harvest into its store',
    });
    try {
      report = await new Harvester(new DocumentService(store), {
        ...trust,
        since,
        repair,
        conformance,
        documentLimits,
        concurrency: Number(flags.concurrency),
        batchSize: Number(flags.batchSize),
        checkWorkers: Number(flags.checkWorkers),
        signal: stop.signal,
        http: {
          retries: Number(flags.retries),
          timeoutMs: Number(flags.timeout) * 1000,
          onRetry: (u, reason, attempt, delay) => {
            if (!flags.json)
              console.error(`\nharvest: ${u}: ${reason}; retry ${attempt} in ${(delay / 1000).toFixed(1)} s`);
          },
        },
        onProgress: progress ? (p) => progress.update(p) : undefined,
      }).harvest(feedUrl);
    } finally {
      progress?.stop();
      await store.close();
    }
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    console.error(
      `linkedart harvest: ${error.message}\nNothing after the last batch written was harvested; run it again once the feed answers.`,
    );
    return 1;
  } finally {
    stop.release();
  }
  if (flags.json) process.stdout.write(JSON.stringify(report) + '\n');
  else console.error(formatHarvestReport(report));
  return report.stopped && stop.signalled ? exitCodeOf(stop.signalled) : harvestHasFailures(report) ? 1 : 0;
}

/** 128 + the signal's number, as a shell reports a process that signal ended: 130 for SIGINT, 143 for SIGTERM. */
function exitCodeOf(signal: NodeJS.Signals): number {
  return signal === 'SIGTERM' ? 143 : 130;
}
