/**
 * `linkedart serve`: open the store, listen, load the demo if asked, then report ready; answer
 * HTTP until SIGINT/SIGTERM, which stop accepting connections, let the requests in flight
 * finish, and close the store cleanly. Start-up and shutdown lines go to standard error for
 * people; the structured log (access log, warnings) to standard output.
 */
import type { Server } from 'node:http';
import type { Config } from '../config/Config.js';
import { createApp } from '../http/createApp.js';
import { answerClientErrors } from '../http/clientErrors.js';
import type { Readiness } from '../http/operations.js';
import { createLogger, type Logger } from '../log/logger.js';
import { loadDemoOnce } from '../service/demoOnce.js';
import { STORE_OK } from '../store/StoreCondition.js';
import { ensureLinksCurrent } from '../discovery/reindex.js';
import { nameIndexOf, nameLookupOf, searchNamesWith, turnNameIndexOff } from '../search/attachNameIndex.js';
import { StoredNameSearch } from '../search/stored/StoredNameSearch.js';
import { FeedFollower } from '../follow/FeedFollower.js';
import { readThumbnailsFromStore, thumbnailsOf } from '../search/loadThumbnails.js';
import { contentTagsOf } from '../service/resolve/contentTags.js';
import { DocumentService } from '../service/DocumentService.js';
import { Representations } from '../service/Representations.js';
import { describeStore, openStore } from '../store/openStore.js';
import { EmbeddedStore } from '../store/embedded/EmbeddedStore.js';
import { SparqlService } from '../service/SparqlService.js';
import { WITHOUT_NAMES_FOR_BENCH } from '../config/benchSwitches.js';
import { convertOldHistories } from '../history/oldHistories.js';
import { StartIndexes } from '../keptIndexes/StartIndexes.js';
import { collectWhenIdle } from '../store/idleCollection.js';

export interface ServeOptions {
  /** Load the bundled demo collection before serving, into an empty store only (demoOnce). */
  readonly demo: boolean;
}

/** After this long, connections still open at shutdown are closed anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function serve(config: Config, options: ServeOptions): Promise<Server> {
  const logger = createLogger(config.logLevel);
  // The start-up's garbage (the indexes' reads) freed once this thread goes quiet, not at the next burst.
  collectWhenIdle();
  // The start-up indexes kept beside the store (src/keptIndexes/): their position now, the file read
  // and the indexes built from it while the store opens (once its worker is at it).
  const kept = await startIndexesOf(config);
  // Curators' SPARQL from the start (issue 35): the first query replica is seeded as the store opens,
  // from the files it replays; with the demo to load, once it is loaded (becomeReady).
  const store = await openStore(config.store, (warning) => logger.warn({ warning }, 'store'), {
    seedReplicas: !options.demo,
    keptSince: kept?.keptSince,
    // Readers are not held up by a /_bulk or a PUT of many documents (issue 35).
    yieldToReaders: true,
    whileOpening: () => kept?.read(),
  });
  await convertOldHistories(store, (history) => logger.info({ history }, 'store'));
  if (store instanceof EmbeddedStore && store.replicaChoice)
    console.error(`query replicas: ${store.replicaChoice.replicas} (${store.replicaChoice.reason})`);
  const documents = new DocumentService(store);
  documents.keepVersions = config.keepVersions;
  // Other processes may write to a remote store: check a cached document's version before serving it.
  const representations = new Representations(documents, config.cacheBytes, {
    revalidate: config.store.kind === 'sparql',
    links: config.links ? { baseUrl: config.baseUrl } : undefined,
    pages: { siteTitle: config.title, baseUrl: config.baseUrl, sparql: true },
    names: (ids) => nameLookupOf(documents, ids),
  });
  const readiness: Readiness = {
    ready: false,
    reason: 'checking the reverse-link index',
    store: () => store.condition?.() ?? STORE_OK,
  };
  const sparql = new SparqlService(store.sparqlEngine(), documents, {
    timeoutMs: config.queryTimeoutMs,
    maxRows: config.maxRows,
    maxQueryBytes: config.maxQueryBytes,
    documentLimits: config.documentLimits,
    conformance: config.conformance,
  });
  const app = createApp({ config, documents, representations, logger, readiness, sparql });

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  }).catch(async (error: NodeJS.ErrnoException) => {
    await store.close();
    throw new Error(
      error.code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is already in use; choose another with --port or LINKEDART_PORT`
        : error.message,
    );
  });
  answerClientErrors(server, logger);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.error(
    `Linked Art service listening on http://${config.host}:${port}/ serving ids under ${config.baseUrl} (${describeStore(config.store)})`,
  );

  const follower = await becomeReady({ config, options, logger, documents, readiness, sparql, kept });
  // Kept once ready (unless the file holds this position already), and at close: the next start reads them.
  const keep = async () => {
    const seq = await kept
      ?.keep()
      .catch((e: Error) => logger.warn({ error: e.message }, 'keeping the start-up indexes failed'));
    if (seq !== undefined) console.error(`start-up indexes kept at log position ${seq}`);
  };
  void keep();
  const close = async () => {
    await keep();
    await store.close();
  };
  stopOnSignals({ server, logger, readiness, follower, close });
  return server;
}

/** The kept start-up indexes, where the store is embedded and both indexes live in memory. */
async function startIndexesOf(config: Config): Promise<StartIndexes | undefined> {
  if (config.store.kind !== 'embedded' || !config.links || config.nameIndex !== 'memory' || WITHOUT_NAMES_FOR_BENCH)
    return undefined;
  return StartIndexes.open(config.store.dataDir);
}

/** What a process has made before it reads what it needs to be ready. */
interface Started {
  readonly config: Config;
  readonly options: ServeOptions;
  readonly logger: Logger;
  readonly documents: DocumentService;
  readonly readiness: Readiness;
  readonly sparql: SparqlService;
  readonly kept: StartIndexes | undefined;
}

/**
 * Everything read before /ready says ready (each step named in its `reason`), so no request
 * waits for it; answers the change feed's follower, when there is one (running).
 */
async function becomeReady(started: Started): Promise<FeedFollower | undefined> {
  const { config, options, logger, documents, readiness, sparql, kept } = started;
  const store = documents.store;
  // Curators' SPARQL from the start: the first query replica is seeded at once, on the other
  // core, while this thread builds the indexes documents need (issue 35: the first SPARQL answer
  // no longer waits for /ready and then for a whole seeding); /ready's `sparql` says how far.
  // With the demo to load, after it: seeded from the collection it serves, not an empty store.
  if (!options.demo) sparql.engine.warmUp();
  readiness.reason = 'checking the reverse-link index';
  const reindexed = await ensureLinksCurrent(store, (done, total) => {
    readiness.reason = `rebuilding the reverse-link index: ${done}/${total} documents`;
  });
  if (reindexed)
    console.error(
      `reverse-link index rebuilt for this version's relations: ${reindexed.documents} documents, ${reindexed.rows} links`,
    );
  // Other processes' writes to a remote store, from the feed's end as it is before anything is read.
  const storedNames = config.nameIndex === 'store' ? StoredNameSearch.of(store) : undefined;
  const follower = await followerOf(documents, config, logger, storedNames && (() => storedNames.refresh()));
  readiness.feed = follower && (() => follower.status());
  readiness.feedLag = follower && (() => follower.lag());
  // Read before ready, so no request waits for it (about 6 s at 100,000 documents on the embedded store).
  readiness.reason = 'reading the reverse-link index';
  if (kept && store instanceof EmbeddedStore) console.error(await kept.attach(documents, store));
  if (config.links) await documents.reverseLinks();
  // The name search index lives in memory only: built from the quads at every start.
  // (npm run bench:search measures memory without it: config/benchSwitches.ts.)
  if (config.nameIndex === 'off') turnNameIndexOff(documents);
  else if (storedNames) {
    // In the store: its text index's rules for the name predicates (the first time, it indexes what is stored).
    readiness.reason = "setting up the store's text index of names";
    await storedNames.setUp();
    searchNamesWith(documents, storedNames);
  } else if (!WITHOUT_NAMES_FOR_BENCH) {
    readiness.reason = 'building the name search index';
    const namesStarted = Date.now();
    const names = await nameIndexOf(documents);
    console.error(`name search index: ${names.size} documents in ${((Date.now() - namesStarted) / 1000).toFixed(1)} s`);
  }
  if (storedNames) {
    // Nothing at start grows with the store: each page's thumbnails are read with it, and the tags of
    // identifier contents at the first lookup (on a store others write to, read again after any write anyway).
    readThumbnailsFromStore(documents);
  } else {
    // The lists' thumbnails, in memory too (a small read: only the quads the picture rule follows).
    readiness.reason = 'reading the thumbnails';
    await thumbnailsOf(documents);
    // Read before ready, so no lookup by identifier waits for the scan (about 0.2 s at 20,000 documents).
    readiness.reason = 'reading the tags of identifier contents';
    await contentTagsOf(documents);
  }
  if (options.demo) {
    readiness.reason = 'loading the demo collection';
    console.error(await loadDemoOnce(documents, config.baseUrl));
  }
  if (follower) {
    // Ready once what others wrote while this process read is applied too (/ready's `feed` says how far).
    readiness.reason = 'catching up with the change feed';
    follower.start();
    await follower.caughtUp();
  }
  readiness.ready = true;
  sparql.engine.warmUp(); // with the demo: now (a second call does nothing)
  console.error('ready');
  return follower;
}

/** What shutting down needs. */
interface Running {
  readonly server: Server;
  readonly logger: Logger;
  readonly readiness: Readiness;
  readonly follower: FeedFollower | undefined;
  /** Closes the store. */
  readonly close: () => Promise<void>;
}

/**
 * SIGINT/SIGTERM stop accepting connections, let the requests in flight finish (at most
 * SHUTDOWN_GRACE_MS), close the store and exit.
 */
function stopOnSignals({ server, logger, readiness, follower, close }: Running): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    readiness.stopping = true;
    readiness.reason = 'shutting down';
    follower?.stop();
    console.error(`${signal}: finishing requests and closing the store`);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      clearTimeout(force);
      close().then(
        () => {
          console.error('stopped');
          logger.flush(() => process.exit(0));
        },
        (e: Error) => {
          console.error(`closing the store failed: ${e.message}`);
          logger.flush(() => process.exit(1));
        },
      );
    });
    server.closeIdleConnections();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** The change feed's follower, when other processes may write to the store (--follow-feed-ms); begun, not started. */
async function followerOf(
  documents: DocumentService,
  config: Config,
  logger: Logger,
  afterApply?: () => Promise<void>,
): Promise<FeedFollower | undefined> {
  if (config.followFeedMs === 0) return undefined;
  const follower = new FeedFollower(documents, {
    intervalMs: config.followFeedMs,
    onError: (error) => logger.warn({ error: error.message }, 'reading the change feed failed; trying again'),
    onGap: (seq) => logger.warn({ activity: seq }, 'the change feed has no such activity; passed over'),
    afterApply,
  });
  await follower.begin();
  return follower;
}
