/**
 * `node dist/test/bench/utf8-bench.js [MB]`: what reading a dump as strict UTF-8 costs (every load
 * does, since bytes that are not UTF-8 are refused, not read as U+FFFD). The same bytes (the demo
 * collection as NDJSON, repeated to MB megabytes, 64 KiB chunks) read as text two ways, each the
 * best of five runs: `setEncoding('utf8')`, as the readers did alone (lenient), and strictText
 * (buffer.isUtf8, then a StringDecoder, in a Transform), as the Loader now hands them the text.
 * Measured on 2 shared cores, 200 MB: lenient 4170 MB/s, strict 3866 MB/s (a fatal TextDecoder: 420 MB/s).
 */
import { Readable } from 'node:stream';
import { strictText } from '../../src/ingest/Utf8TextStream.js';
import { DEMO_DIR, readDocuments } from '../support/corpus.js';

const megabytes = Number(process.argv[2] ?? 200);
const line = Buffer.from(
  readDocuments(DEMO_DIR)
    .map((d) => JSON.stringify(d.json))
    .join('\n') + '\n',
);
const chunks: Buffer[] = [];
const all = Buffer.concat(Array.from({ length: Math.ceil((megabytes * 1024 * 1024) / line.length) }, () => line));
for (let i = 0; i < all.length; i += 65536) chunks.push(all.subarray(i, i + 65536));

async function drain(stream: Readable): Promise<number> {
  let characters = 0;
  for await (const piece of stream) characters += (piece as string).length;
  return characters;
}

async function best(name: string, open: () => Readable): Promise<void> {
  let fastest = Infinity;
  let characters = 0;
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    characters = await drain(open());
    fastest = Math.min(fastest, performance.now() - started);
  }
  console.log(
    `${name.padEnd(28)} ${(all.length / 1048576 / (fastest / 1000)).toFixed(0).padStart(6)} MB/s  (${fastest.toFixed(0)} ms, ${characters} characters)`,
  );
}

console.log(`${(all.length / 1048576).toFixed(0)} MB of NDJSON in 64 KiB chunks, best of 5:`);
await best("setEncoding('utf8') (lenient)", () => Readable.from(chunks, { objectMode: false }).setEncoding('utf8'));
await best('strictText (strict)', () => strictText(Readable.from(chunks, { objectMode: false })));
