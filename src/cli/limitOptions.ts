/**
 * --max-document-kb, --max-depth, --max-array-items for the commands that read documents
 * themselves (load, harvest), each with its environment variable as for `serve`. With
 * `load --server` the server's own limits apply: the flags conflict with --server.
 */
import { Option, type Command } from 'commander';
import { DOCUMENT_LIMIT_KEYS, DOCUMENT_LIMIT_SETTINGS } from '../config/documentLimitsConfig.js';
import type { DocumentLimits } from '../ingest/documentLimits.js';
import { configOfFlags } from './flagSettings.js';

export interface DocumentLimitFlags {
  maxDocumentKb?: string;
  maxDepth?: string;
  maxArrayItems?: string;
}

export function addDocumentLimitOptions(
  command: Command,
  options: { conflictsWithServer: boolean } = { conflictsWithServer: false },
): Command {
  for (const key of DOCUMENT_LIMIT_KEYS) {
    const flag = key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    const setting = DOCUMENT_LIMIT_SETTINGS[key];
    const option = new Option(`--${flag} <value>`, `${setting.help} (env ${setting.env})`);
    command.addOption(options.conflictsWithServer ? option.conflicts('server') : option);
  }
  return command;
}

/** The limits these flags (else their environment variables, and no other setting) set; throws ConfigError naming a bad one. */
export function documentLimitsOfFlags(flags: DocumentLimitFlags, env: NodeJS.ProcessEnv = process.env): DocumentLimits {
  return configOfFlags(DOCUMENT_LIMIT_KEYS, flags, env).documentLimits;
}
