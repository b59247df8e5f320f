/**
 * The HTTP interface: `GET /{path}` answers the stored document whose id is the base URL
 * plus that path, as Linked Art JSON-LD; 404 otherwise.
 */
import express, { type Express, type Request, type Response } from 'express';
import type { Config } from '../config/Config.js';
import type { DocumentService } from '../service/DocumentService.js';
import { entityIdFor } from './entityIdFor.js';
import { LINKED_ART_MEDIA_TYPE } from './mediaTypes.js';
import { sendProblem } from './problems.js';

export interface AppOptions {
  readonly config: Config;
  readonly documents: DocumentService;
  /** Called with render warnings (e.g. triples not reachable from the root). */
  readonly onWarning?: (id: string, warning: string) => void;
}

export function createApp({ config, documents, onWarning }: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.get('/health', (_req, res) => { res.json({ status: 'up' }); });

  app.use(async (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendProblem(res, 405, 'Method not allowed', `${req.method} is not supported here; documents are read with GET.`);
      return;
    }
    const path = req.originalUrl.split('?')[0]!;
    const id = entityIdFor(config.baseUrl, path);
    if (id === undefined) {
      sendProblem(res, 404, 'Not found', `No entity can have the path ${JSON.stringify(path.slice(0, 200))} under ${config.baseUrl}.`);
      return;
    }
    try {
      const rendered = await documents.get(id);
      if (!rendered) {
        sendProblem(res, 404, 'Not found', `No document has the id ${id}.`);
        return;
      }
      for (const warning of rendered.warnings) onWarning?.(id, warning);
      // Bytes, so express leaves the media type exactly as Linked Art gives it (no charset added).
      const body = Buffer.from(JSON.stringify(rendered.document));
      res.setHeader('Content-Type', LINKED_ART_MEDIA_TYPE);
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      onWarning?.(id, `render failed: ${(error as Error).message}`);
      sendProblem(res, 500, 'Internal error', 'The document could not be rendered; the error has been logged.');
    }
  });
  return app;
}
