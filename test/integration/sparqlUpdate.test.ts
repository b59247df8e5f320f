/**
 * A curator's SPARQL Update on an entity's graph: add a Name, delete one of its Types. The
 * next render shows both changes, the shape hints still place everything else, and the
 * change survives a restart of the store.
 */
import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentService } from '../../src/service/DocumentService.js';
import { EmbeddedStore } from '../../src/store/embedded/EmbeddedStore.js';
import { CORPUS_DIR } from '../support/corpus.js';

interface Painting {
  classified_as: Array<{ id: string }>;
  identified_by: Array<{ type: string; content: string }>;
}

describe('SPARQL Update on an entity graph, then render', function () {
  this.timeout(60000);
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkedart-update-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const mona = JSON.parse(readFileSync(`${CORPUS_DIR}object.0.json`, 'utf8')) as Painting & { id: string };
  const update = `PREFIX crm: <http://www.cidoc-crm.org/cidoc-crm/>
    INSERT DATA { GRAPH <${mona.id}> {
      <${mona.id}> crm:P1_is_identified_by _:name .
      _:name a crm:E33_E41_Linguistic_Appellation ; crm:P190_has_symbolic_content "Portrait of Lisa Gherardini" } } ;
    DELETE DATA { GRAPH <${mona.id}> { <${mona.id}> crm:P2_has_type <http://vocab.getty.edu/aat/300133025> } }`;

  const check = (doc: Painting): void => {
    expect(doc.classified_as.map((c) => c.id)).to.deep.equal(['http://vocab.getty.edu/aat/300033618']);
    expect(doc.identified_by.map((n) => n.content)).to.deep.equal([
      ...mona.identified_by.map((n) => n.content),
      'Portrait of Lisa Gherardini',
    ]);
    expect(doc.identified_by.at(-1)!.type).to.equal('Name');
  };

  it('shows the added Name after the known ones and no longer the deleted Type', async () => {
    const store = await EmbeddedStore.open({ dataDir });
    const documents = new DocumentService(store);
    await documents.put(mona);
    const before = (await documents.get(mona.id))!.document as unknown as Painting;
    expect(before.classified_as.map((c) => c.id)).to.include('http://vocab.getty.edu/aat/300133025');
    await store.update(update);
    check((await documents.get(mona.id))!.document as unknown as Painting);
    await store.close();
  });

  it('still shows both changes after a restart', async () => {
    const store = await EmbeddedStore.open({ dataDir });
    check((await new DocumentService(store).get(mona.id))!.document as unknown as Painting);
    await store.close();
  });
});
