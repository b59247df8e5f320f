/**
 * One document's triples as a graph of node objects, built once per check: each node knows
 * its outgoing and (once asked for) incoming edges by predicate IRI, so following a path is
 * pointer chasing, and node identity is object identity (one GraphNode per term, as termKey
 * tells terms apart). Duplicate triples are stored once, as the library's node sets count
 * each value once. Graph names are ignored, as the library matches triples in any graph. The
 * triples themselves are kept in their order too (triples), for the results that follow it.
 *
 * Nodes are found by their term's own strings (IRI, label, lexical form), in one map per kind
 * of term and per datatype or language, never by a concatenated key: building and hashing a
 * new string per quad was most of the cost.
 */
import type { Literal, NamedNode, Quad, Term } from '@rdfjs/types';
import { termKey } from './termKey.js';
import { RDF_LANGSTRING, RDFS_SUBCLASS_OF } from './vocabulary.js';

const NONE: readonly GraphNode[] = [];

/** A triple of the graph as given (a quad's graph term is ignored). */
export interface Triple {
  readonly subject: Term;
  readonly predicate: Term;
  readonly object: Term;
}

export class GraphNode {
  /** Predicate IRI → objects; undefined while the node is the subject of nothing. */
  out: Map<string, GraphNode[]> | undefined;
  /**
   * Predicate IRI → subjects; undefined while the node is the object of nothing, or until
   * some node's subjects are first asked for (DocumentGraph.invert).
   */
  in: Map<string, GraphNode[]> | undefined;
  private keyCache: string | undefined;

  /** `graph`: the graph whose node this is (none for a node of a term the graph lacks). */
  constructor(
    readonly term: Term,
    private readonly graph?: DocumentGraph,
  ) {}

  /** termKey of the term, computed on first use (most nodes are never compared by key). */
  get key(): string {
    return (this.keyCache ??= termKey(this.term));
  }

  objects(predicate: string): readonly GraphNode[] {
    return this.out?.get(predicate) ?? NONE;
  }

  subjects(predicate: string): readonly GraphNode[] {
    this.graph?.invert();
    return this.in?.get(predicate) ?? NONE;
  }
}

/** Above this many values of one predicate, duplicates are found with a set, not a scan. */
const SCAN_LIMIT = 16;

export class DocumentGraph {
  /** Every node, in order of first occurrence. */
  readonly nodes: GraphNode[] = [];
  /**
   * Data the precheck does not judge: an rdfs:subClassOf triple (the library would infer
   * class membership and targets through it), a literal whose term equality the library
   * decides on more than the N-Triples key (a base direction, a language on a non-langString),
   * an IRI that looks like a blank node label ("_:x": the validator's QuadIndex keys both
   * alike), a predicate or node that is no IRI, blank node or literal.
   */
  uncertain = false;
  private readonly iris = new Map<string, GraphNode>();
  private readonly blanks = new Map<string, GraphNode>();
  /** Datatype IRI (or "@" + language) → lexical form → node. */
  private readonly literals = new Map<string, Map<string, GraphNode>>();
  private large: Map<GraphNode[], Set<GraphNode>> | undefined;
  /** The triples added after the quads (the marker). */
  private readonly added: Triple[] = [];
  /** Whether the nodes' incoming edges are filled in. */
  private inverted = false;

  constructor(private readonly quads: readonly Quad[]) {
    // Consecutive quads often share their subject term (the very object): found once.
    let subject: Term | undefined;
    let s: GraphNode | undefined;
    for (let i = 0; i < quads.length; i++) {
      const q = quads[i];
      if (q.subject !== subject) {
        subject = q.subject;
        s = this.find(subject, true)!;
      }
      if (q.predicate.termType !== 'NamedNode') this.uncertain = true;
      else this.link(s!, q.predicate.value, this.find(q.object, true)!);
    }
  }

  /**
   * Fill in every node's incoming edges, on the first need: most documents never follow a
   * path backwards. From the triples in order, so that each node's subjects come in the order
   * of the data graph's triples, as the library lists them.
   */
  invert(): void {
    if (this.inverted) return;
    this.inverted = true;
    for (const { subject, predicate, object } of this.triples()) {
      if (predicate.termType === 'NamedNode')
        this.linkIn(this.find(subject, true)!, predicate.value, this.find(object, true)!);
    }
  }

  /**
   * Every triple in the order given, duplicates included: the quads, then the triples added.
   * It is the order of the validator's data graph (the document's quads, then the marker),
   * which some of the library's results follow (ShapeReporter, focusOrder).
   */
  *triples(): Generator<Triple> {
    yield* this.quads;
    yield* this.added;
  }

  /** The node of `term`: the graph's own, or a node with no edges if the term does not occur. */
  node(term: Term): GraphNode {
    return this.find(term, false) ?? new GraphNode(term);
  }

  /** Add one triple after the quads. */
  add(subject: Term, predicate: NamedNode, object: Term): void {
    this.added.push({ subject, predicate, object });
    this.link(this.find(subject, true)!, predicate.value, this.find(object, true)!);
  }

  private link(s: GraphNode, predicate: string, o: GraphNode): void {
    if (predicate === RDFS_SUBCLASS_OF) this.uncertain = true;
    const objects = (s.out ??= new Map<string, GraphNode[]>()).get(predicate);
    if (!objects) s.out.set(predicate, [o]);
    else if (this.contains(objects, o)) return;
    else this.push(objects, o);
    if (this.inverted) this.linkIn(s, predicate, o);
  }

  private linkIn(s: GraphNode, predicate: string, o: GraphNode): void {
    const subjects = (o.in ??= new Map<string, GraphNode[]>()).get(predicate);
    if (!subjects) o.in.set(predicate, [s]);
    else if (!this.contains(subjects, s)) this.push(subjects, s);
  }

  private find(term: Term, create: boolean): GraphNode | undefined {
    let map: Map<string, GraphNode> | undefined;
    switch (term.termType) {
      case 'NamedNode':
        map = this.iris;
        break;
      case 'BlankNode':
        map = this.blanks;
        break;
      case 'Literal': {
        const tag = literalTag(term);
        map = this.literals.get(tag);
        if (!map) {
          if (!create) return undefined;
          this.literals.set(tag, (map = new Map<string, GraphNode>()));
        }
        break;
      }
      default:
        this.uncertain = true;
        return new GraphNode(term);
    }
    let node = map.get(term.value);
    if (!node && create) {
      node = new GraphNode(term, this);
      map.set(term.value, node);
      this.nodes.push(node);
      this.checkNew(term);
    }
    return node;
  }

  private checkNew(term: Term): void {
    if (term.termType === 'Literal') {
      if (term.direction || (term.language && term.datatype.value !== RDF_LANGSTRING)) this.uncertain = true;
    } else if (term.termType === 'NamedNode' && term.value.startsWith('_:')) {
      this.uncertain = true;
    }
  }

  private contains(list: GraphNode[], node: GraphNode): boolean {
    if (list.length <= SCAN_LIMIT) return list.includes(node);
    const set = this.large?.get(list);
    return set ? set.has(node) : false;
  }

  private push(list: GraphNode[], node: GraphNode): void {
    list.push(node);
    if (list.length <= SCAN_LIMIT) return;
    const large = (this.large ??= new Map<GraphNode[], Set<GraphNode>>());
    const set = large.get(list);
    if (set) set.add(node);
    else large.set(list, new Set(list));
  }
}

/** What tells literals of one lexical form apart, as termKey does: the language, else the datatype. */
function literalTag(term: Literal): string {
  return term.language ? `@${term.language}` : term.datatype.value;
}
