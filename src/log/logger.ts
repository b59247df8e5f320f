/**
 * The structured log: pino, JSON lines on standard output, one per request (the access log)
 * and one per event worth an operator's eye (render warnings, errors with their stack).
 * Written asynchronously so a slow terminal never holds a request; flushed on shutdown.
 */
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config/Config.js';

export type { Logger };

export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: undefined }, pino.destination({ dest: 1, sync: false }));
}
