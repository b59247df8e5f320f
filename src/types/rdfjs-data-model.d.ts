// @rdfjs/data-model ships no type declarations; it implements the RDF/JS DataFactory.
declare module '@rdfjs/data-model' {
  import type { DataFactory } from '@rdfjs/types';
  const factory: DataFactory;
  export default factory;
}
