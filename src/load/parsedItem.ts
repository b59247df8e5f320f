/**
 * What reading an RDF stream gives, in the order it is written: a quad, or a comment (the text
 * after its `#`, as n3 hands comments over). A comment is a plain string rather than a wrapper
 * object: a dump has hundreds of thousands of quads, and the wrappers were garbage to collect.
 */
import type { Quad } from '../rdf/terms.js';

export type ParsedItem = Quad | string;
