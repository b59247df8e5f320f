/**
 * Name search served by the store itself (--name-index store, on Virtuoso): its free-text index
 * on the literals of the name predicates (Name and Identifier content, statements: the CIDOC
 * symbolic content; and `_label`s), asked with `bif:contains`, so that a process holds no index
 * and starts without reading one. Only the page shown is read back (storedNames.ts), as hits
 * shaped as the index in memory shapes them.
 *
 * The same rules as in memory where Virtuoso's text index allows: every word asked must match, the
 * last may be the start of a word (4 letters or more: Virtuoso's shortest prefix), case does not
 * matter; ranked a text that is exactly the query first, then names (labels, Names, Identifiers)
 * over statements, then by Virtuoso's score, then by id.
 * Where it differs (README, "Running several processes"): the words must all be in one text (a
 * name, label, identifier or statement), not anywhere in the document; accents count ("etude"
 * does not find "Étude"); no word is forgiven a typo; statements weigh as much as names; no facets
 * are counted, and a search narrows by kind only.
 *
 * Virtuoso indexes new text in batches: setUp() adds the rules (DB.DBA.RDF_OBJ_FT_RULE_ADD, which
 * also indexes the text stored already), and refresh() indexes what was written since (the
 * feed's follower calls it when it sees new activities, so a write is found within its bound).
 * Both go to the update endpoint as the store's dba (`sql:` procedures, which Virtuoso runs only
 * for a user with that right).
 * Merges are followed: the texts a merged-away id was found by, kept in its tombstone as labels
 * (indexed by the same rule), find the document it went to, never the merged id itself.
 */
import { iri, literal } from '../../rdf/sparqlTerm.js';
import type { QuadStore } from '../../store/QuadStore.js';
import { INTERNAL_GRAPH_PREFIX } from '../../store/internalGraphs.js';
import { MERGED_INTO, MERGED_NAME } from '../../feed/mergedId.js';
import { SparqlStore } from '../../store/sparql/SparqlStore.js';
import { linkedArtContext } from '../../context/linkedArtContext.js';
import { wordsOf } from '../foldText.js';
import type { NameHit, NameResults } from '../NameIndex.js';
import type { NameLookup, NameSearch } from '../NameSearch.js';
import { CONTENT, IDENTIFIED_BY, RDFS_LABEL, displayName } from '../searchableNames.js';
import type { SearchNarrowing } from '../searchFacets.js';
import { storedEntries, storedNames } from './storedNames.js';

/** Virtuoso's shortest prefix before a wildcard (`'rembr*'`; `'re*'` is refused). */
const SHORTEST_PREFIX = 4;
const NO_FACETS = { kind: [], classification: [], date: [] };
const INDEXED = [CONTENT, RDFS_LABEL];
/** Index what was written since the last time (Virtuoso indexes literals in batches). */
const REFRESH = 'SELECT (sql:VT_INC_INDEX_DB_DBA_RDF_OBJ() AS ?done) WHERE {}';

export class StoredNameSearch implements NameSearch {
  readonly facets = false;

  constructor(private readonly store: QuadStore) {}

  /** The store must be Virtuoso (a SparqlStore), written as its dba. */
  static of(store: QuadStore): StoredNameSearch {
    if (!(store instanceof SparqlStore))
      throw new Error('--name-index store needs the remote store (--store sparql, Virtuoso): give memory or off');
    return new StoredNameSearch(store);
  }

  /** The text index's rules for the name predicates (once per store; indexes the text already stored). */
  async setUp(): Promise<void> {
    const rules = INDEXED.map((p) => `sql:RDF_OBJ_FT_RULE_ADD('', ${literal(p)}, ${literal('linkedart names')})`);
    await this.admin(`SELECT ${rules.map((r, i) => `(${r} AS ?r${i})`).join(' ')} WHERE {}`);
    await this.refresh();
  }

  /** Index the text written since the last refresh (cheap when nothing was). */
  async refresh(): Promise<void> {
    await this.admin(REFRESH);
  }

  async search(query: string, offset: number, limit: number, narrowing: SearchNarrowing = {}): Promise<NameResults> {
    const words = wordsOf(query);
    if (words.length === 0) return { total: 0, hits: [], facets: NO_FACETS };
    const pattern = matchPattern(words, narrowing);
    if (pattern === undefined) return { total: 0, hits: [], facets: NO_FACETS };
    const exact = literal(words.join(' '));
    // Tiers as in memory: a text that is the query, then a name (label, Name, Identifier) over a statement.
    const page = await this.store.query(`SELECT ?g (MAX(?exact) AS ?x) (MAX(?named) AS ?n) (MAX(?sc) AS ?score) WHERE {
      ${pattern} BIND(IF(LCASE(STR(?t)) IN (${exact}, ${literal(query.trim().toLowerCase())}), 1, 0) AS ?exact)
      OPTIONAL { GRAPH ?g { ?g ${iri(IDENTIFIED_BY)} ?s } BIND(1 AS ?appellation) }
      BIND(IF(?s = ?g || BOUND(?appellation), 1, 0) AS ?named) }
      GROUP BY ?g ORDER BY DESC(?x) DESC(?n) DESC(?score) ?g OFFSET ${offset} LIMIT ${limit}`);
    const count = await this.store.query(`SELECT (COUNT(DISTINCT ?g) AS ?n) WHERE { ${pattern} }`);
    if (page.kind !== 'bindings' || count.kind !== 'bindings')
      throw new Error('the store answered a name search with no solutions');
    const ids = page.rows.flatMap((row) => (row.g ? [row.g.v] : []));
    const entries = await storedEntries(this.store, ids);
    const hits = ids.flatMap((id): NameHit[] => {
      const entry = entries.get(id);
      if (!entry) return [];
      const identifier = entry.identifiers.find((text) => wordsOf(text).some((w) => reaches(words, w)));
      return [
        {
          id,
          type: entry.type,
          name: displayName(entry),
          ...(identifier !== undefined ? { identifier } : {}),
          ...(entry.classifications?.length ? { classification: entry.classifications } : {}),
          ...(entry.year !== undefined ? { year: entry.year } : {}),
        },
      ];
    });
    return { total: Number(count.rows[0]?.n?.v ?? 0), hits, facets: NO_FACETS };
  }

  async nameLookup(ids: readonly string[]): Promise<NameLookup> {
    const names = await storedNames(this.store, ids);
    return { nameOf: (id) => names.get(id) };
  }

  private async admin(request: string): Promise<void> {
    if (!(this.store instanceof SparqlStore)) return;
    try {
      await this.store.http.update(request);
    } catch (e) {
      throw new Error(
        `--name-index store: Virtuoso's text index could not be set up or refreshed, which only its dba may do (write as dba: --update-url …/sparql-auth --store-user dba): ${(e as Error).message}`,
      );
    }
  }
}

/**
 * The graph pattern of the documents whose name texts hold every word (the last as a prefix);
 * undefined when no document can match (a kind that is no class).
 */
function matchPattern(words: readonly string[], narrowing: SearchNarrowing): string | undefined {
  const last = words.length - 1;
  // Words are letters and digits only (wordsOf): nothing in them can end the quotes.
  const expression = words
    .map((w, i) => (i === last && w.length >= SHORTEST_PREFIX ? `"${w}*"` : `"${w}"`))
    .join(' AND ');
  let kind = '';
  if (narrowing.kind !== undefined) {
    const classIri = linkedArtContext().expandVocab(narrowing.kind);
    if (!classIri) return undefined;
    kind = `GRAPH ?g { ?g a ${iri(classIri)} }`;
  }
  // A document's own texts, or those of an id merged into it (its tombstone keeps them: feed/mergedId.ts),
  // found only while the document is stored (merged further, the next one's tombstone has them too).
  return `{ GRAPH ?g { ?s ?p ?t . ?t bif:contains ${literal(expression)} OPTION (score ?sc) }
    FILTER (?p IN (${INDEXED.map(iri).join(', ')}))
    FILTER (!STRSTARTS(STR(?g), ${literal(INTERNAL_GRAPH_PREFIX)})) }
    UNION
    { GRAPH ?m { ?a ${iri(MERGED_INTO)} ?g . ?a ${iri(MERGED_NAME)} ?t . ?t bif:contains ${literal(expression)} OPTION (score ?sc) }
    GRAPH ?g { ?g a ?class } BIND(?g AS ?s) } ${kind}`;
}

/** Whether a word of a text is one the query asked for (the last word asked as a prefix). */
function reaches(words: readonly string[], word: string): boolean {
  return words.some((w, i) => w === word || (i === words.length - 1 && word.startsWith(w)));
}
