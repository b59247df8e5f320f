import { expect } from 'chai';
import express, { type Request } from 'express';
import { HttpError } from '../../../src/http/HttpError.js';
import { formatParameterOf, negotiateFormat } from '../../../src/http/negotiate.js';

function request(accept: string | undefined): Request {
  return Object.assign(Object.create(express.request) as Request, { headers: accept === undefined ? {} : { accept } });
}

describe('content negotiation', () => {
  const table: Array<[string | undefined, string | undefined, string | number]> = [
    [undefined, undefined, 'jsonld'],
    ['*/*', undefined, 'jsonld'],
    ['application/ld+json', undefined, 'jsonld'],
    ['application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"', undefined, 'jsonld'],
    ['application/json', undefined, 'jsonld'],
    ['text/turtle', undefined, 'turtle'],
    ['application/x-turtle', undefined, 'turtle'],
    ['text/turtle;q=0.9, application/n-triples', undefined, 'ntriples'],
    ['application/n-quads;q=0.1, application/trig;q=0.2', undefined, 'trig'],
    ['application/rdf+xml', undefined, 'rdfxml'],
    ['text/html', undefined, 'html'],
    ['text/html', 'ttl', 'turtle'],
    // Browsers: a page for people; their application/xml;q=0.9 is not RDF/XML.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', undefined, 'html'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', undefined, 'html'],
    [
      'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      undefined,
      'html',
    ],
    ['application/xml', undefined, 406],
    ['text/*', undefined, 'turtle'],
    ['image/png', undefined, 406],
    [undefined, 'html', 'html'],
    ['text/html', 'jsonld', 'jsonld'],
    [undefined, 'nq', 'nquads'],
    [undefined, 'RDF', 'rdfxml'],
    [undefined, 'csv', 400],
    [undefined, '', 400],
  ];
  for (const [accept, format, expected] of table) {
    it(`Accept ${accept ?? '(none)'}${format === undefined ? '' : `, ?format=${format}`}: ${expected}`, () => {
      if (typeof expected === 'string') {
        expect(negotiateFormat(request(accept), format).name).to.equal(expected);
      } else {
        expect(() => negotiateFormat(request(accept), format))
          .to.throw(HttpError)
          .with.property('status', expected);
      }
    });
  }

  it('reads ?format= from a raw URL, and only it', () => {
    expect(formatParameterOf('/object/1?format=ttl&x=1')).to.equal('ttl');
    expect(formatParameterOf('/object/1?x=1')).to.equal(undefined);
    expect(formatParameterOf('/object/1')).to.equal(undefined);
  });
});
