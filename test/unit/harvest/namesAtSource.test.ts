/**
 * Which version a merged-away id's `Link` header names as its last (harvest/namesAtSource.ts):
 * `last memento` before any other `memento`, relative URIs resolved against the id, a quoted
 * datetime with commas read whole, nothing when no link is a memento.
 */
import { expect } from 'chai';
import { lastVersionLink } from '../../../src/harvest/namesAtSource.js';

const A = 'https://museum.example.org/person/a';
const V = (n: number) => `https://museum.example.org/_version/${n}/person/a`;
const TIMEMAP = '<https://museum.example.org/_timemap/person/a>; rel="timemap"; type="application/link-format"';

const cases: Array<[string, string | undefined, string | undefined]> = [
  ['ours: the last memento and the TimeMap', `<${V(3)}>; rel="last memento", ${TIMEMAP}`, V(3)],
  ['the TimeMap alone (no version kept)', TIMEMAP, undefined],
  ['no Link header', undefined, undefined],
  [
    'mementos with quoted datetimes (commas inside): the last listed',
    `<${V(1)}>; rel="first memento"; datetime="Fri, 27 Nov 2026 10:00:00 GMT", <${V(2)}>; rel="memento"; datetime="Fri, 27 Nov 2026 11:00:00 GMT"`,
    V(2),
  ],
  [
    '"last memento" wins over a memento listed after it',
    `<${V(4)}>; rel="last memento", <${V(2)}>; rel="memento"`,
    V(4),
  ],
  ['a relative URI, an unquoted rel', '</_version/5/person/a>; rel=memento', V(5)],
  ['rel in capitals', `<${V(6)}>; REL="Last Memento"`, V(6)],
  ['not a memento', `<${A}>; rel="original timegate"`, undefined],
];

describe("a merged-away id's last version, from its Link header", () => {
  for (const [what, header, expected] of cases)
    it(what, () => {
      expect(lastVersionLink(header, A)).to.equal(expected);
    });
});
