/**
 * The one lexical form of an xsd:double everything we write uses: JSON-LD 1.1's canonical
 * form (toRDF writes `91.5` as `9.15E1`), so that the JSON-LD of a document and its Turtle,
 * N-Triples, N-Quads, TriG and RDF/XML say the same RDF term, not two spellings of one value
 * (a consumer merging them would get two values). Where JSON-LD's form would round (it keeps
 * 16 significant digits), every digit is kept: 3.0000000000000004 is `3.0000000000000004E0`.
 */
export function canonicalDouble(n: number): string {
  const canonical = n.toExponential(15).replace(/(\d)0*e\+?/, '$1E');
  if (Number(canonical) === n) return canonical;
  const exact = n.toExponential().replace(/e\+?/, 'E');
  return exact.includes('.') ? exact : exact.replace('E', '.0E');
}

/** A stored double's lexical form (a store may answer `91.5`) in the canonical form; other text as it is. */
export function canonicalDoubleLexical(lexical: string): string {
  const n = Number(lexical);
  return lexical.trim() !== '' && Number.isFinite(n) ? canonicalDouble(n) : lexical;
}
