/** A graph kept packed in one literal (a past version copied by the store): read back as the N-Triples it holds. */
import { expect } from 'chai';
import { Engine } from '../../../../src/store/embedded/engine.js';
import { PACKED_TRIPLES, packedQuad } from '../../../../src/store/embedded/packedGraph.js';

const PAST = 'urn:linkedart-service:version-3:https://example.org/object/1';
const S = '<https://example.org/object/1>';

/** N-Triples as Oxigraph dumps them, with every escape a literal can need. */
const TRIPLES = [
  `${S} <https://e/p> "quote \\" backslash \\\\ line\\nbreak\\r tab\\t" .`,
  `${S} <https://e/p> "déjà vu ✓ 𝄞"@fr .`,
  `${S} <https://e/p> "12"^^<http://www.w3.org/2001/XMLSchema#integer> .`,
  `${S} <https://e/p> _:cab12 .`,
  `_:cab12 <https://e/name> "<${PACKED_TRIPLES}> <${PACKED_TRIPLES}> \\"" .`,
].map((line) => `${line}\n`);

function engineHolding(text: string): Engine {
  const engine = new Engine();
  engine.replaceGraphs([PAST], text, { graphs: [], chars: 0 });
  return engine;
}

const lines = (text: string) => text.split('\n').filter(Boolean).sort();

describe('a graph kept packed (packedGraph.ts)', () => {
  it('is one quad in the store, read as the N-Triples it holds, escapes and all', () => {
    const engine = engineHolding(packedQuad(TRIPLES.join(''), PAST));
    expect(engine.size()).to.equal(1);
    const [text] = engine.graphTexts([PAST]);
    expect(lines(text)).to.deep.equal(lines(TRIPLES.join('')));
    expect(engine.readGraphs([PAST])).to.have.length(TRIPLES.length);
  });

  it('keeps quads the graph holds beside it', () => {
    const own = `${S} <https://e/record> "record" <${PAST}> .\n`;
    const engine = engineHolding(own + packedQuad(TRIPLES.join(''), PAST));
    expect(lines(engine.graphTexts([PAST])[0])).to.deep.equal(
      lines(`${S} <https://e/record> "record" .\n` + TRIPLES.join('')),
    );
  });
});
