/** The history's own paths (src/history): each version (`_version/`) and each document's TimeMap (`_timemap/`). */
import type { Request, Response } from 'express';
import { TIMEMAP_PATH, VERSION_PATH } from '../../history/mementoUris.js';
import type { PageFrame } from '../../render/html/Page.js';
import type { Representations } from '../../service/Representations.js';
import type { QuadStore } from '../../store/QuadStore.js';
import type { VersionRecord } from '../../history/versionRecord.js';
import { timeMapRoute } from './timeMapRoute.js';
import { versionRoute } from './versionRoute.js';

type Handler = (req: Request, res: Response) => Promise<void> | void;

export interface HistoryRouteOptions {
  readonly baseUrl: string;
  readonly cacheControl: string;
  readonly store: QuadStore;
  /** Each document's versions, oldest first (DocumentService.versions). */
  readonly versions: (id: string) => Promise<readonly VersionRecord[]>;
  readonly representations: Representations;
  readonly frame: PageFrame;
  /** The handler, answering 503 while the store is not ready. */
  readonly whenReady: (handler: Handler) => Handler;
}

/** Path prefix → its GET handler. */
export function historyRoutes(options: HistoryRouteOptions): Array<[string, Handler]> {
  const { whenReady } = options;
  return [
    [VERSION_PATH, whenReady(versionRoute(options))],
    [TIMEMAP_PATH, whenReady(timeMapRoute(options))],
  ];
}
