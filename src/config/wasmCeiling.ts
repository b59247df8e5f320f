/**
 * The safe ceiling of the embedded store's WebAssembly memory: facts measured of Oxigraph's npm
 * build, kept below config (which offers --max-store-mb up to it) and the store (which refuses
 * writes past it: store/embedded/storeCeiling.ts).
 */

const MIB = 1024 * 1024;

/** A WebAssembly (wasm32) memory is 65,536 pages of 64 KiB at most. */
export const WASM_MAX_BYTES = 4096 * MIB;

/**
 * The most the memory may grow by at once, with no warning: filling the store (ad hoc, 470,000
 * generated documents) it grew in steps of about 160 MB, one of 321 MB, as Oxigraph's tables grew.
 */
export const GROWTH_RESERVE_BYTES = 384 * MIB;

/**
 * Working memory beside the data: the list of every graph a snapshot (compaction) or the query
 * replica's seed starts from (about 60 MB at 470,000 documents; they dump graph after graph, a
 * few KB each), and the service's own small queries.
 */
export const WORK_RESERVE_BYTES = 128 * MIB;

/**
 * The query replica (store/embedded/queryWorker.ts) holds the entity graphs in a WebAssembly memory of its own,
 * twice over (in their graphs, and in its default graph as their union): filled with the same
 * documents it measured 0.8 to 1.29 times the store's memory, the more the larger (3,589 MB
 * beside the store's 2,937 MB at 340,000 documents). Curators' SPARQL must go on at the ceiling,
 * so the store stops where the replica still has its reserves.
 */
export const REPLICA_FACTOR = 1.3;

/**
 * The most the store may use when no lower limit is set: 2,756 MiB, where the replica reaches
 * 3,584 MiB (4 GiB less the reserves). Measured: about 305,000 generated documents, 7.7M quads.
 */
export const WASM_CEILING_BYTES =
  Math.floor((WASM_MAX_BYTES - GROWTH_RESERVE_BYTES - WORK_RESERVE_BYTES) / REPLICA_FACTOR / MIB) * MIB;
