/**
 * The compiler's table of constraint parameters must be the library's: a parameter missing
 * here would let a shape the library validates (or a constraint it applies) go unseen.
 */
import { expect } from 'chai';
import type { Term } from '@rdfjs/types';
import { COMPILED_COMPONENTS } from '../../../../src/validate/compiled/constraints.js';
import { PARAMETERS, SH } from '../../../../src/validate/compiled/vocabulary.js';
import { ShaclValidator } from '../../../../src/validate/ShaclValidator.js';

interface LibraryComponent {
  node: Term;
  parameters: Term[];
  requiredParameters: Term[];
}
interface LibraryInternals {
  validator: { shapesGraph: { _components: LibraryComponent[]; _parametersMap: Map<string, LibraryComponent> } };
}

describe("SHACL precheck: the constraint parameters are rdf-validate-shacl's", () => {
  const internals = ShaclValidator.load(undefined, { precheck: false }) as unknown as LibraryInternals;
  const { _components: components, _parametersMap: byParameter } = internals.validator.shapesGraph;
  const localName = (c: LibraryComponent): string => c.node.value.slice(SH.length).replace(/ConstraintComponent$/, '');

  it('every parameter, with the component the library maps it to, and whether it is required', () => {
    const library = new Map<string, string>();
    for (const [parameter, component] of byParameter) {
      const required = component.requiredParameters.some((p) => p.value === parameter);
      library.set(parameter, `${localName(component)}${required ? '' : ' (optional)'}`);
    }
    const ours = new Map(
      [...PARAMETERS].map(([parameter, p]) => [parameter, `${p.component}${p.required ? '' : ' (optional)'}`]),
    );
    expect(Object.fromEntries(ours)).to.deep.equal(Object.fromEntries(library));
  });

  it('the required parameters: those that make a node a shape the library may validate on its targets', () => {
    const library = new Set(components.flatMap((c) => c.requiredParameters.map((p) => p.value)));
    const ours = new Set([...PARAMETERS].filter(([, p]) => p.required).map(([parameter]) => parameter));
    expect([...ours].sort()).to.deep.equal([...library].sort());
  });

  it('the compiled components are components of the library', () => {
    const names = new Set(components.map(localName));
    for (const c of COMPILED_COMPONENTS) expect(names.has(c), c).to.equal(true);
  });
});
