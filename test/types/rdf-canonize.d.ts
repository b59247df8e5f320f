// rdf-canonize ships no declarations; the tests use its one entry point.
declare module 'rdf-canonize' {
  export function canonize(input: string, options: { algorithm: string; inputFormat?: string }): Promise<string>;
}
