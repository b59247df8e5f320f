import { expect } from 'chai';
import { entityIdsFor, MAX_ID_LENGTH } from '../../../src/http/entityIdFor.js';
import { HttpError } from '../../../src/http/HttpError.js';

const BASE = new URL('https://data.example.org/la/');

describe('entityIdsFor: from a request path to the ids it may name', () => {
  const named: Array<[string, string, string[]]> = [
    ['a plain path', '/la/object/1', ['https://data.example.org/la/object/1']],
    ['a query string is not part of the id', '/la/object/1?format=ttl', ['https://data.example.org/la/object/1']],
    ['an absolute-form target', 'http://data.example.org/la/object/1', ['https://data.example.org/la/object/1']],
    [
      'escaped UTF-8: the IRI first, the path as sent second',
      '/la/person/caf%C3%A9',
      ['https://data.example.org/la/person/café', 'https://data.example.org/la/person/caf%C3%A9'],
    ],
    [
      'an escaped unreserved character',
      '/la/object/%41-1',
      ['https://data.example.org/la/object/A-1', 'https://data.example.org/la/object/%41-1'],
    ],
    ['an escaped reserved character stays escaped', '/la/object/a%2Fb', ['https://data.example.org/la/object/a%2Fb']],
    [
      'an escaped > stays escaped',
      '/la/object/a%3e',
      ['https://data.example.org/la/object/a%3E', 'https://data.example.org/la/object/a%3e'],
    ],
    ['a lone UTF-8 continuation byte stays escaped', '/la/object/%80', ['https://data.example.org/la/object/%80']],
  ];
  for (const [name, path, ids] of named) {
    it(`${name}: ${path}`, () => {
      expect(entityIdsFor(BASE, path)).to.deep.equal(ids);
    });
  }

  const refused: Array<[string, string, number, RegExp]> = [
    ['outside the base path', '/other/object/1', 404, /outside \/la\//],
    ['too long', '/la/' + 'x'.repeat(MAX_ID_LENGTH), 400, /at most 2048/],
    ['an encoded NUL', '/la/object/%00', 400, /control character %00/],
    ['an encoded newline', '/la/object/a%0Ab', 400, /control character %0A/],
    ['a raw >', '/la/object/a>b', 400, /">".*percent-encode/],
    ['a raw space', '/la/object/a b', 400, /" "/],
    ['a raw {', '/la/object/{x}', 400, /"\{"/],
    ['a % that starts no escape', '/la/object/100%', 400, /starts no escape/],
  ];
  for (const [name, path, status, message] of refused) {
    it(`refuses ${name} with ${status}`, () => {
      try {
        entityIdsFor(BASE, path);
        expect.fail('expected a refusal');
      } catch (error) {
        expect(error).to.be.instanceOf(HttpError);
        expect((error as HttpError).status).to.equal(status);
        expect((error as HttpError).message).to.match(message);
      }
    });
  }
});
