/**
 * The options that name a store, shared by the commands that open one themselves (load,
 * export, query, update): the data directory of the embedded store, or a SPARQL 1.1 store.
 * Each has its environment variable, as for `serve`.
 */
import { existsSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { SETTINGS, type ConfigInput, type StoreConfig } from '../config/Config.js';
import { configOfFlags } from './flagSettings.js';
import { convertOldHistories } from '../history/oldHistories.js';
import { openStore } from '../store/openStore.js';
import type { QuadStore } from '../store/QuadStore.js';

const STORE_KEYS = ['dataDir', 'store', 'sparqlUrl', 'updateUrl', 'storeUser', 'storePassword', 'maxStoreMb'] as const;

/** The store's flags: the settings of the same names. */
export type StoreFlags = Pick<ConfigInput, (typeof STORE_KEYS)[number]>;

/** Adds --data-dir, --store, --sparql-url, --update-url, --store-user, --store-password, --max-store-mb (each conflicting with --server). */
export function addStoreOptions(command: Command): Command {
  for (const key of STORE_KEYS) {
    const flag = key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    const help =
      key === 'dataDir'
        ? `directory of the embedded store (default var/data); not while a server uses it`
        : SETTINGS[key].help;
    command.addOption(new Option(`--${flag} <value>`, `${help} (env ${SETTINGS[key].env})`).conflicts('server'));
  }
  return command;
}

/** The store these flags (else their environment variables, and no other setting) name. */
export function storeConfigOf(flags: StoreFlags, env: NodeJS.ProcessEnv = process.env): StoreConfig {
  return configOfFlags(STORE_KEYS, flags, env).store;
}

const LOCKED = /is in use by process|is locked by process|already open in this process/;

/**
 * Opens the store for a command: a data directory must exist unless `create`; a locked one
 * (a running server holds it) gets a hint to go through that server instead.
 */
export async function openCommandStore(
  config: StoreConfig,
  command: string,
  options: { create: boolean; viaServer: string; stderr?: NodeJS.WritableStream },
): Promise<QuadStore> {
  if (config.kind === 'embedded' && !options.create && !existsSync(config.dataDir)) {
    throw new Error(
      `data directory ${config.dataDir} does not exist (give the store's directory with --data-dir or ${SETTINGS.dataDir.env})`,
    );
  }
  const say = (line: string) => (options.stderr ?? process.stderr).write(`linkedart ${command}: store: ${line}\n`);
  let store: QuadStore;
  try {
    store = await openStore(config, say, { writes: options.create });
  } catch (error) {
    const message = (error as Error).message;
    if (LOCKED.test(message)) {
      throw new Error(
        `${message}\nThe data directory is locked, most likely by a running \`linkedart serve\`: ${options.viaServer}, or stop it and try again.`,
      );
    }
    throw error;
  }
  try {
    // Histories stored in their first layout, converted once (history/oldHistories.ts).
    await convertOldHistories(store, say);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
