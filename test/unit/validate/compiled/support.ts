/** Tiny shapes and data graphs in Turtle, judged by the library alone and by the precheck. */
import { Parser } from 'n3';
import type { Quad } from '@rdfjs/types';
import { ShaclValidator } from '../../../../src/validate/ShaclValidator.js';

export const PREFIXES = `
@prefix sh: <http://www.w3.org/ns/shacl#> .
@prefix rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix ex: <https://example.org/> .
@prefix svc: <urn:linkedart-service:> .
`;

/** The root of every tiny document (the validator adds `ex:root rdf:type svc:Document`). */
export const ROOT = 'https://example.org/root';

/** A property shape (ex:S) on the root (and any other svc:Document), with the given body. */
export const onRoot = (body: string): string => `ex:S a sh:PropertyShape ; sh:targetClass svc:Document ; ${body} .`;
/** A node shape (ex:S) on the root (and any other svc:Document), with the given body. */
export const onRootNode = (body: string): string => `ex:S a sh:NodeShape ; sh:targetClass svc:Document ; ${body} .`;

export function turtle(text: string): Quad[] {
  return new Parser().parse(PREFIXES + text);
}

export interface Judges {
  /** The library alone (no precheck). */
  library: ShaclValidator;
  /** The validator with its precheck, whose `precheck` is what is tested. */
  withPrecheck: ShaclValidator;
}

export function judges(shapes: string): Judges {
  const quads = turtle(shapes);
  return { library: new ShaclValidator(quads, { precheck: false }), withPrecheck: new ShaclValidator(quads) };
}
