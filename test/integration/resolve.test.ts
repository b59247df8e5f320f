/** `/resolve` on the embedded store (the table: support/resolveCases.ts; the remote store: remote/resolve.remote.test.ts). */
import { describeResolve } from './support/resolveCases.js';

describeResolve();
