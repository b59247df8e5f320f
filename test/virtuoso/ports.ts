/**
 * The ports of the remote pass's Virtuosos, all counted from one base (VIRT_HTTP_PORT and
 * VIRT_SQL_PORT, else 18890 and 11111: clear of a Virtuoso a developer runs on its defaults, 8890
 * and 1111), so that one setting moves them all: the shared ones the fixture starts, one per
 * mocha worker, at 0, 10, 20…, and the ones a suite starts of its own (ownVirtuoso.ts) at 3 to 5.
 */
const BASE = {
  http: Number(process.env.VIRT_HTTP_PORT ?? '18890'),
  sql: Number(process.env.VIRT_SQL_PORT ?? '11111'),
};

/** A Virtuoso's ports, `offset` above the base, as test/virtuoso/start.sh reads them. */
export function virtuosoPorts(offset: number): { VIRT_HTTP_PORT: string; VIRT_SQL_PORT: string } {
  return { VIRT_HTTP_PORT: String(BASE.http + offset), VIRT_SQL_PORT: String(BASE.sql + offset) };
}

/** The ports of the suites' own Virtuosos, one pair each: two may run at once (mocha workers). */
export const OWN_VIRTUOSO_PORTS = {
  rowLimit: virtuosoPorts(4),
  storeKilledInsertData: virtuosoPorts(3),
  storeKilledNQuads: virtuosoPorts(5),
} as const;
