/**
 * The HTTP benches' baseline: a bare express app answering each path with the bytes and
 * Content-Type the service sent for it, 404 otherwise (bareExpress.ts serves it as a process;
 * httpLayer.ts over in-memory connections). What the service would do with a free store and a free
 * render: the ceiling for express on this machine.
 */
import express, { type Express, type Request, type Response } from 'express';

/** A pre-rendered answer: its Content-Type and bytes. */
export interface BareAnswer {
  readonly contentType: string;
  readonly body: Buffer;
}

export function bareExpressApp(answers: ReadonlyMap<string, BareAnswer>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((req: Request, res: Response) => {
    const found = answers.get(req.originalUrl.split('?')[0]);
    if (!found) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', found.contentType);
    res.setHeader('Content-Length', found.body.length);
    res.end(found.body);
  });
  return app;
}
