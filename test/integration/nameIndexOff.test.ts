/**
 * `--name-index off`: no name index is built or kept; a search, by a machine or a browser, is a
 * 404 saying name search is off and where else to look; documents, lists and the landing page
 * still answer.
 */
import { expect } from 'chai';
import { demoDocuments } from '../../src/service/demoCollection.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const BASE = 'https://museum.example.org/collection/';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('HTTP: --name-index off', function () {
  this.timeout(60000);
  let app: TestApp;
  before(async () => {
    app = await startTestApp(demoDocuments(BASE), { baseUrl: BASE, nameIndex: 'off' });
  });
  after(async () => {
    await app.close();
  });
  const get = (path: string, accept: string) => fetch(app.origin + path, { headers: { Accept: accept } });

  const answers: Array<[string, string, string, number, RegExp]> = [
    [
      'a search by a machine',
      '/collection/search?q=harbour',
      'application/json',
      404,
      /Name search is off on this service \(--name-index off\)/,
    ],
    ['a search by a browser', '/collection/search?q=harbour', BROWSER, 404, /Name search is off on this service/],
    ['a search with no query', '/collection/search', BROWSER, 404, /Name search is off/],
    ['a document', '/collection/object/harbour-at-dusk', 'application/ld+json', 200, /Harbour at Dusk/],
    ['the landing page', '/collection/', BROWSER, 200, /Linked Art collection/],
    ['a list by class', '/collection/_entities/HumanMadeObject', BROWSER, 200, /harbour-at-dusk/],
  ];
  for (const [what, path, accept, status, body] of answers)
    it(`${what}: ${status}`, async () => {
      const response = await get(path, accept);
      const text = await response.text();
      expect(response.status, text.slice(0, 300)).to.equal(status);
      expect(text).to.match(body);
    });
});
