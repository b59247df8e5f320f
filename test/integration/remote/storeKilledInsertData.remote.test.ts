/**
 * The remote store killed mid-load while the load writes INSERT DATA text
 * (test/integration/support/storeKilledMidLoad.ts).
 */
import { OWN_VIRTUOSO_PORTS } from '../../virtuoso/ports.js';
import { storeKilledMidLoad, WRITERS } from '../support/storeKilledMidLoad.js';

storeKilledMidLoad(WRITERS.insertData, OWN_VIRTUOSO_PORTS.storeKilledInsertData);
