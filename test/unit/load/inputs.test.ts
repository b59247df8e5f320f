import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import {
  DUMP_FORMATS,
  dumpFormatNamed,
  InputError,
  resolveInputs,
  type DumpFormat,
  type LoadInput,
} from '../../../src/load/inputs.js';

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected an InputError');
}

describe('load: inputs (resolveInputs)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'linkedart-inputs-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A file in the test's directory, its parent folders made. */
  function file(name: string, content: string | Buffer = '{}'): string {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, content);
    return path;
  }

  describe('the format from the extension', () => {
    const byExtension: Array<[string, DumpFormat]> = [
      ['json', 'jsonld'],
      ['jsonld', 'jsonld'],
      ['ndjson', 'ndjson'],
      ['jsonl', 'ndjson'],
      ['nq', 'nquads'],
      ['nquads', 'nquads'],
      ['trig', 'trig'],
      ['ttl', 'turtle'],
      ['turtle', 'turtle'],
      ['nt', 'ntriples'],
      ['ntriples', 'ntriples'],
    ];
    for (const [extension, format] of byExtension) {
      for (const gz of [false, true]) {
        const name = `ext/dump.${extension}${gz ? '.gz' : ''}`;
        it(`${name.slice(4)} → ${format}${gz ? ', gzipped' : ''}`, () => {
          const path = file(name);
          const [input] = resolveInputs([path]);
          expect(input).to.include({ name: path, format, gzipped: gz, size: 2 });
        });
      }
    }

    it('the extension in capitals', () => {
      const path = file('ext/DUMP.NQ.GZ', gzipSync(''));
      expect(resolveInputs([path])[0]).to.include({ format: 'nquads', gzipped: true });
    });
  });

  describe('--format', () => {
    const cases: Array<{ name: string; file: string; format: DumpFormat; gzipped: boolean }> = [
      { name: 'overrides the extension', file: 'fmt/actually-ndjson.json', format: 'ndjson', gzipped: false },
      {
        name: 'names the format of a file with an unknown extension',
        file: 'fmt/dump.txt',
        format: 'turtle',
        gzipped: false,
      },
      { name: 'names the format of a file with no extension', file: 'fmt/dump', format: 'nquads', gzipped: false },
      { name: 'a gzipped file is still gunzipped', file: 'fmt/dump.data.gz', format: 'trig', gzipped: true },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const path = file(c.file);
        expect(resolveInputs([path], c.format)[0]).to.include({ name: path, format: c.format, gzipped: c.gzipped });
      });
    }

    it('dumpFormatNamed takes a format name or an extension, in any case', () => {
      const names: Array<[string, DumpFormat | undefined]> = [
        ['jsonld', 'jsonld'],
        ['NQuads', 'nquads'],
        ['nq', 'nquads'],
        ['ttl', 'turtle'],
        ['jsonl', 'ndjson'],
        ['json', 'jsonld'],
        ['xml', undefined],
        ['', undefined],
      ];
      for (const [name, format] of names) expect(dumpFormatNamed(name), name).to.equal(format);
      for (const format of DUMP_FORMATS) expect(dumpFormatNamed(format)).to.equal(format);
    });
  });

  describe('errors', () => {
    it('an unknown extension: names the file and lists the formats', () => {
      const path = file('err/dump.xml');
      const error = inputError(() => resolveInputs([path]));
      expect(error.message).to.include(path).and.to.include('--format');
      for (const format of DUMP_FORMATS) expect(error.message).to.include(format);
    });

    it('a file with no extension and no --format', () => {
      const path = file('err/README');
      expect(inputError(() => resolveInputs([path])).message)
        .to.include(path)
        .and.to.include('unknown format');
    });

    it('.gz alone says nothing of the format', () => {
      const path = file('err/dump.gz', gzipSync('{}'));
      expect(inputError(() => resolveInputs([path])).message)
        .to.include(path)
        .and.to.include('unknown format');
    });

    it('a missing file', () => {
      const path = join(dir, 'err/no-such-file.json');
      expect(inputError(() => resolveInputs([path])).message).to.equal(`${path}: no such file or directory`);
    });

    it('a missing file after good ones: nothing is resolved', () => {
      const good = file('err/good.json');
      expect(() => resolveInputs([good, join(dir, 'err/missing.nq')])).to.throw(InputError, /missing\.nq/);
    });

    it('an empty directory', () => {
      const empty = join(dir, 'err/empty');
      mkdirSync(empty, { recursive: true });
      expect(inputError(() => resolveInputs([empty])).message)
        .to.include(empty)
        .and.to.include('no dump files');
    });

    it('a directory with no dump files among its files', () => {
      file('err/nodumps/notes.txt');
      file('err/nodumps/sub/image.png');
      expect(inputError(() => resolveInputs([join(dir, 'err/nodumps')])).message).to.include('no dump files');
    });

    it('- (standard input) without --format', () => {
      expect(inputError(() => resolveInputs(['-'])).message)
        .to.include('standard input')
        .and.to.include('--format');
    });
  });

  describe('directories', () => {
    it('are walked recursively, in natural name order, skipping files that are no dumps', () => {
      const root = join(dir, 'walk');
      for (const name of [
        'part10.ndjson',
        'part2.ndjson',
        'part1.ndjson',
        'notes.txt',
        'README',
        'b/x.ttl',
        'a/2.nq.gz',
        'a/10.nq',
        'a/sub/z.trig',
        'c.jsonld',
        'image.png.gz',
      ]) {
        file(`walk/${name}`, name.endsWith('.gz') ? gzipSync('') : '');
      }
      const inputs = resolveInputs([root]);
      expect(inputs.map((i) => [i.name.slice(root.length + 1), i.format, i.gzipped])).to.deep.equal([
        ['a/2.nq.gz', 'nquads', true],
        ['a/10.nq', 'nquads', false],
        ['a/sub/z.trig', 'trig', false],
        ['b/x.ttl', 'turtle', false],
        ['c.jsonld', 'jsonld', false],
        ['part1.ndjson', 'ndjson', false],
        ['part2.ndjson', 'ndjson', false],
        ['part10.ndjson', 'ndjson', false],
      ]);
    });

    it('with --format: the dump files of the directory, read in that format', () => {
      const root = join(dir, 'walkfmt');
      file('walkfmt/one.json');
      file('walkfmt/two.nq');
      file('walkfmt/notes.txt');
      expect(resolveInputs([root], 'ndjson').map((i) => [i.name.slice(root.length + 1), i.format])).to.deep.equal([
        ['one.json', 'ndjson'],
        ['two.nq', 'ndjson'],
      ]);
    });

    it('a symbolic link to a dump file is read; a broken link and a link to a directory are not followed', () => {
      const target = file('elsewhere/target.nq');
      const root = join(dir, 'links');
      mkdirSync(root, { recursive: true });
      symlinkSync(target, join(root, 'linked.nq'));
      symlinkSync(join(dir, 'elsewhere/missing.nq'), join(root, 'broken.nq'));
      symlinkSync(root, join(root, 'loop'));
      file('links/plain.ttl');
      expect(resolveInputs([root]).map((i) => [i.name.slice(root.length + 1), i.format])).to.deep.equal([
        ['linked.nq', 'nquads'],
        ['plain.ttl', 'turtle'],
      ]);
    });

    it('files and directories together keep the order given', () => {
      const a = file('mixed/z.json');
      file('mixed/d/b.nq');
      file('mixed/d/a.nq');
      const inputs = resolveInputs([a, join(dir, 'mixed/d')]);
      expect(inputs.map((i) => i.name)).to.deep.equal([a, join(dir, 'mixed/d/a.nq'), join(dir, 'mixed/d/b.nq')]);
    });
  });

  describe('reading', () => {
    const content = `${'{"id": "http://localhost:8080/object/1", "_label": "Åsa – 東京"}\n'.repeat(5000)}`;

    it("a plain file reads as it is; onBytes counts every byte; the size is the file's", async () => {
      const path = file('read/plain.ndjson', content);
      const [input] = resolveInputs([path]) as [LoadInput];
      let bytes = 0;
      expect(
        await textOf(
          input.open((n) => {
            bytes += n;
          }),
        ),
      ).to.equal(content);
      expect(bytes).to.equal(statSync(path).size);
      expect(input.size).to.equal(statSync(path).size);
    });

    it("a .gz file is gunzipped; onBytes counts the compressed bytes (their sum is the file's size)", async () => {
      const gz = gzipSync(content);
      const path = file('read/dump.ndjson.gz', gz);
      const [input] = resolveInputs([path]) as [LoadInput];
      expect(input.size).to.equal(gz.length);
      let bytes = 0;
      let calls = 0;
      expect(
        await textOf(
          input.open((n) => {
            bytes += n;
            calls++;
          }),
        ),
      ).to.equal(content);
      expect(bytes).to.equal(statSync(path).size);
      expect(bytes).to.be.below(Buffer.byteLength(content));
      expect(calls).to.be.greaterThan(0);
    });

    it('open without onBytes, and openRaw (the bytes as stored)', async () => {
      const gz = gzipSync(content);
      const path = file('read/raw.nq.gz', gz);
      const [input] = resolveInputs([path]) as [LoadInput];
      expect(await textOf(input.open())).to.equal(content);
      const raw: Buffer[] = [];
      for await (const chunk of input.openRaw()) raw.push(chunk as Buffer);
      expect(Buffer.concat(raw).equals(gz)).to.equal(true);
    });

    it('each open is a fresh stream from the start', async () => {
      const path = file('read/twice.ndjson.gz', gzipSync(content));
      const [input] = resolveInputs([path]) as [LoadInput];
      expect(await textOf(input.open())).to.equal(content);
      expect(await textOf(input.open())).to.equal(content);
    });

    it('a broken .gz fails the stream it opens (the error reaches the reader)', async () => {
      const gz = gzipSync(content);
      const path = file('read/broken.ndjson.gz', gz.subarray(0, gz.length >> 1));
      const [input] = resolveInputs([path]) as [LoadInput];
      let failure: unknown;
      try {
        await textOf(input.open(() => undefined));
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(Error);
      expect((failure as NodeJS.ErrnoException).code).to.match(/^Z_|^ERR_/);
    });

    it('- is standard input, with the given format and no size', async () => {
      const stdin = Readable.from([Buffer.from('{"a": 1}\n')]);
      const [input] = resolveInputs(['-'], 'ndjson', stdin) as [LoadInput];
      expect(input).to.include({ name: '-', format: 'ndjson', gzipped: false, size: undefined });
      let bytes = 0;
      expect(
        await textOf(
          input.open((n) => {
            bytes += n;
          }),
        ),
      ).to.equal('{"a": 1}\n');
      expect(bytes).to.equal(9);
    });
  });
});
