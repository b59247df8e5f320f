/** The page frame: escaped titles, the stylesheet and search under the base URL's path, SPARQL linked only when served. */
import { expect } from 'chai';
import { htmlDocument, Page } from '../../../../src/render/html/Page.js';

describe('Page (the frame of pages for people)', () => {
  const frame = { siteTitle: 'Westhaven <Museum>', baseUrl: 'https://data.example.org/la/', sparql: true };

  it('escapes what it is given: a name with markup is shown as text', () => {
    const html = htmlDocument(
      <Page frame={frame} title={'<script>alert(1)</script>'}>
        <p>{'<b>bold?</b>'}</p>
      </Page>,
    );
    expect(html.startsWith('<!doctype html><html lang="en">')).to.equal(true);
    expect(html).to.not.contain('<script>');
    expect(html).to.contain('&lt;script>alert(1)&lt;/script> · Westhaven &lt;Museum>');
    expect(html).to.contain('<p>&lt;b>bold?&lt;/b></p>');
  });

  it("links the stylesheet, search and SPARQL under the base URL's path; no SPARQL link when it is off", () => {
    const html = htmlDocument(
      <Page frame={frame} title="T" query="rembrandt">
        x
      </Page>,
    );
    expect(html).to.contain('href="/la/_assets/style.css"');
    expect(html).to.contain('action="/la/search"');
    expect(html).to.contain('value="rembrandt"');
    expect(html).to.contain('href="/la/sparql"');
    expect(
      htmlDocument(
        <Page frame={{ ...frame, sparql: false }} title="T">
          x
        </Page>,
      ),
    ).to.not.contain('/la/sparql');
  });
});
