import { expect } from 'chai';
import { linkedArtContext, contextFromDocumentValue } from '../../../src/context/linkedArtContext.js';
import { ContextError } from '../../../src/context/TermDefinition.js';

const CRM = 'http://www.cidoc-crm.org/cidoc-crm/';

describe('the compiled v1 context', () => {
  const v1 = linkedArtContext();

  it('applies a type-scoped context to the node of that type only', () => {
    const object = v1.enterNode(null).withTypes(['HumanMadeObject']);
    expect(object.terms.get('part')!.iri).to.equal(`${CRM}P46_is_composed_of`);
    // A nested node reverts to the context before the enclosing type scope.
    const nested = object.enterNode(object.terms.get('produced_by')!);
    expect(nested.terms.get('part')).to.equal(undefined);
    expect(nested.withTypes(['Production']).terms.get('part')!.iri).to.equal(`${CRM}P9_consists_of`);
  });

  it('propagates a property-scoped context into the value (attributed_by → assigned_property → part_of)', () => {
    const object = v1.withTypes(['HumanMadeObject']);
    const assignment = object.enterNode(object.terms.get('attributed_by')!);
    const assigned = assignment.terms.get('assigned_property')!;
    expect(assigned.coerce).to.equal('@vocab');
    expect(assignment.withLocal(assigned.scoped!).expandVocab('part_of')).to.equal(`${CRM}P46i_forms_part_of`);
  });

  it('maps part_of on a Type to skos:broader, as broader does', () => {
    const type = v1.withTypes(['Type']);
    expect(type.termsFor('http://www.w3.org/2004/02/skos/core#broader').map((d) => d.term)).to.deep.equal([
      'broader',
      'part_of',
    ]);
  });

  it('memoizes transitions: the same context object every time', () => {
    expect(v1.withTypes(['Person'])).to.equal(v1.withTypes(['Person']));
    expect(contextFromDocumentValue('https://linked.art/ns/v1/linked-art.json')).to.equal(v1);
  });

  it('refuses context features it does not implement rather than misreading them', () => {
    expect(() =>
      contextFromDocumentValue([
        { x: { '@id': 'https://e.org/x', '@container': '@list' } },
        'https://linked.art/ns/v1/linked-art.json',
      ]),
    ).to.throw(ContextError, /@list.*not supported/);
    expect(() =>
      contextFromDocumentValue([{ '@base': 'https://e.org/' }, 'https://linked.art/ns/v1/linked-art.json']),
    ).to.throw(ContextError, /@base/);
  });
});
