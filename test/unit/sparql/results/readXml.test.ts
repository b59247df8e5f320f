import { expect } from 'chai';
import type { PlainTerm } from '../../../../src/rdf/terms.js';
import { fromSparqlXml } from '../../../../src/sparql/results/readXml.js';
import type { SolutionsResult } from '../../../../src/sparql/results/readJson.js';
import { writeXmlResults } from '../../../../src/sparql/results/xml.js';

const XSD = 'http://www.w3.org/2001/XMLSchema#';

describe('readXml: SPARQL XML results read back into terms', () => {
  it('reads back what the XML writer wrote: every kind of term, escapes, unbound variables, empty literals', () => {
    const rows: Array<Record<string, PlainTerm>> = [
      { s: { t: 'N', v: 'http://x/a?b=1&c=<2>' }, o: { t: 'L', v: 'tab\there\nnew "q" \'a\' <b> & é 漢字 😀\r' } },
      { s: { t: 'B', v: 'b0' }, o: { t: 'L', v: 'Nachtwache', l: 'de-DE' } },
      { s: { t: 'N', v: 'http://x/b' }, o: { t: 'L', v: '42', d: `${XSD}integer` } },
      { o: { t: 'L', v: '' } },
      {},
    ];
    const result: SolutionsResult = { kind: 'bindings', variables: ['s', 'o'], rows };
    expect(fromSparqlXml(writeXmlResults(result))).to.deep.equal(result);
    expect(fromSparqlXml(writeXmlResults({ kind: 'boolean', value: false }))).to.deep.equal({
      kind: 'boolean',
      value: false,
    });
  });

  it("reads Virtuoso's own shape: its head, attributes on <results>, a plain xsd:string datatype, character references", () => {
    const text = `<sparql xmlns="http://www.w3.org/2005/sparql-results#" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.w3.org/2001/sw/DataAccess/rf1/result2.xsd">
 <head>
  <variable name="g"/>
  <variable name="o"/>
 </head>
 <results distinct="false" ordered="true">
  <result>
   <binding name="g"><uri>http://ex/t</uri></binding>
   <binding name="o"><literal datatype="http://www.w3.org/2001/XMLSchema#string">&#x1F600; &#233; &lt;&amp;&gt;</literal></binding>
  </result>
  <result>
   <binding name="o"><literal xml:lang="en">x</literal></binding>
  </result>
 </results>
</sparql>`;
    expect(fromSparqlXml(text)).to.deep.equal({
      kind: 'bindings',
      variables: ['g', 'o'],
      rows: [{ g: { t: 'N', v: 'http://ex/t' }, o: { t: 'L', v: '😀 é <&>' } }, { o: { t: 'L', v: 'x', l: 'en' } }],
    });
  });

  it('refuses what it cannot read, saying where, rather than leave a row out', () => {
    const broken =
      '<sparql><head><variable name="s"/></head><results><result><binding name="s"><triple>x</triple></binding></result></results></sparql>';
    expect(() => fromSparqlXml(broken)).to.throw(/could not be read at character \d+: "<binding name=\\"s\\"><triple>/);
    expect(() => fromSparqlXml('Virtuoso 37000 Error SP031')).to.throw(/not SPARQL XML results/);
    expect(() => fromSparqlXml('<sparql><head/><results><result><binding name="s"><uri>x</uri></binding>')).to.throw(
      /could not be read/,
    );
  });
});
