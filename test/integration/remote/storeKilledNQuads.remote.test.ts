/**
 * The remote store killed mid-load while the load writes N-Quads as dba
 * (test/integration/support/storeKilledMidLoad.ts).
 */
import { OWN_VIRTUOSO_PORTS } from '../../virtuoso/ports.js';
import { storeKilledMidLoad, WRITERS } from '../support/storeKilledMidLoad.js';

storeKilledMidLoad(WRITERS.nQuads, OWN_VIRTUOSO_PORTS.storeKilledNQuads);
