/**
 * Thrown while compiling when the shapes use something the precheck cannot judge exactly as
 * rdf-validate-shacl does (a constraint component, path form or target kind it does not
 * implement, or a parameter it cannot read). The whole precheck then answers "does not
 * conform" for every document, leaving every decision to the library: never a guess.
 */
export class Unsupported extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'Unsupported';
  }
}
