/**
 * `linkedart feed`: the latest changes of a data directory or of a running server (its
 * /activity-stream), newest first: when, what (Create / Update / Delete), the class, the id.
 */
import { Command, Option } from 'commander';
import { ChangeFeed } from '../feed/ChangeFeed.js';
import { newest, newestInStore, newestOnServer, sinceFrom, type FeedEntry } from '../feed/newestActivities.js';
import { addStoreOptions, openCommandStore, storeConfigOf, type StoreFlags } from './storeOptions.js';
import { describedAs } from './commandSummaries.js';

interface FeedFlags extends StoreFlags {
  server?: string;
  since?: string;
  limit?: string;
  json: boolean;
}

export function feedCommand(): Command {
  return addStoreOptions(new Command('feed'))
    .description(describedAs('feed'))
    .addOption(
      new Option(
        '--server <url>',
        'a running service (its base URL) or any change feed (an activity-stream URL), instead of a data directory',
      ),
    )
    .option(
      '--since <when>',
      'only changes since: a date (2026-11-25), a date-time, today, or a span back from now (90m, 24h, 7d)',
    )
    .option('--limit <n>', 'at most this many (default 20; no limit with --since)')
    .option('--json', 'one JSON object per line', false)
    .action(async (opts: FeedFlags) => {
      const since = opts.since === undefined ? undefined : sinceFrom(opts.since);
      const limit = opts.limit === undefined ? (since ? Infinity : 20) : Number(opts.limit);
      if ((!Number.isInteger(limit) && limit !== Infinity) || limit < 1)
        throw new Error(`--limit ${opts.limit}: a whole number from 1`);
      const entries = opts.server
        ? await fromServer(opts.server, { since, limit })
        : await fromStore(opts, { since, limit });
      if (opts.json) for (const e of entries) console.log(JSON.stringify(e));
      else printTable(entries, since);
    });
}

async function fromStore(opts: StoreFlags, options: { since?: Date; limit: number }): Promise<FeedEntry[]> {
  const store = await openCommandStore(storeConfigOf(opts), 'feed', {
    create: false,
    viaServer: 'ask the server instead: linkedart feed --server http://host:port/',
  });
  try {
    return await newest(newestInStore(new ChangeFeed(store)), options);
  } finally {
    await store.close();
  }
}

async function fromServer(server: string, options: { since?: Date; limit: number }): Promise<FeedEntry[]> {
  const url = /activity-stream\/?$/.test(new URL(server).pathname)
    ? server
    : new URL('activity-stream', server.endsWith('/') ? server : server + '/').href;
  const origin = new URL(url);
  const fetchJson = async (href: string): Promise<unknown> => {
    // The feed names its pages by the service's base URL; a server reached at another address is asked at that address.
    const target = new URL(href);
    const at = new URL(target.pathname + target.search, origin);
    const response = await fetch(at, { headers: { Accept: 'application/ld+json, application/json;q=0.9' } });
    if (!response.ok)
      throw new Error(
        `${at.href} answered ${response.status} ${response.statusText}: ${(await response.text()).slice(0, 300)}`,
      );
    return response.json();
  };
  return newest(newestOnServer(url, fetchJson), options);
}

function printTable(entries: readonly FeedEntry[], since: Date | undefined): void {
  const kindWidth = Math.max(4, ...entries.map((e) => e.kind.length));
  const typeWidth = Math.max(4, ...entries.map((e) => (e.type ?? '-').length));
  for (const e of entries)
    console.log(
      `${e.endTime}  ${e.kind.padEnd(kindWidth)}  ${(e.type ?? '-').padEnd(typeWidth)}  ${e.object}${e.target ? ` → ${e.target}` : ''}`,
    );
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  const summary = [...counts].map(([k, n]) => `${n} ${k}`).join(', ');
  console.log(
    `${entries.length} change${entries.length === 1 ? '' : 's'}${since ? ` since ${since.toISOString()}` : ''}${summary ? ` (${summary})` : ''}`,
  );
}
