/**
 * The entities whose documents hold an Identifier with a given content — the number on an
 * object's label — for `/resolve`. The quads are the truth: the store is asked on every lookup
 * (identifierQuery.ts), with the content as bound terms. What matches: the exact content (case
 * and spaces as given), whatever the literal's tag (contentTags.ts); when nothing holds that,
 * the content with its white space collapsed (trimmed, each run one space), as registrars type
 * a number copied from a label or a spreadsheet.
 */
import { classNamesByIri, ENTITY_CLASSES } from '../../linkedart/kinds.js';
import type { QuadStore } from '../../store/QuadStore.js';
import type { DocumentService } from '../DocumentService.js';
import { contentTagsOf } from './contentTags.js';
import { classesQuery, contentTerms, holdersCountQuery, holdersQuery } from './identifierQuery.js';

/** The most entities a lookup lists (in id order); the count says how many hold it in all. */
export const MAX_HOLDERS = 1000;

export interface IdentifierLookup {
  /** The Identifier's content, as given. */
  readonly content: string;
  /** The concepts the Identifier must be classified as (its scheme: accession number…). */
  readonly classifiedAs: readonly string[];
}

export interface IdentifierHolders {
  /** The content that matched: as given, or collapsed when only that matched. */
  readonly content: string;
  /** Entities holding it, in id order, at most MAX_HOLDERS. */
  readonly ids: readonly string[];
  /** How many hold it in all. */
  readonly total: number;
}

export async function identifierHolders(
  documents: DocumentService,
  lookup: IdentifierLookup,
): Promise<IdentifierHolders> {
  const tags = await contentTagsOf(documents);
  const collapsed = collapseWhiteSpace(lookup.content);
  const tries = collapsed === lookup.content || collapsed === '' ? [lookup.content] : [lookup.content, collapsed];
  for (const content of tries) {
    const terms = contentTerms(content, tags);
    const ids = (await rows(documents.store, holdersQuery(terms, lookup.classifiedAs, MAX_HOLDERS + 1))).map(
      (row) => row.entity!,
    );
    if (ids.length === 0) continue;
    if (ids.length <= MAX_HOLDERS) return { content, ids, total: ids.length };
    const [counted] = await rows(documents.store, holdersCountQuery(terms, lookup.classifiedAs));
    return { content, ids: ids.slice(0, MAX_HOLDERS), total: Number(counted?.n ?? ids.length) };
  }
  return { content: lookup.content, ids: [], total: 0 };
}

/** Trimmed, each run of white space one space. */
export function collapseWhiteSpace(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** Each entity's Linked Art class (the first in ENTITY_CLASSES order that its graph states); absent: none of them. */
export async function entityClasses(store: QuadStore, ids: readonly string[]): Promise<Map<string, string>> {
  const stated = new Map<string, Set<string>>();
  if (ids.length === 0) return new Map();
  for (const row of await rows(store, classesQuery(ids))) {
    const name = classNamesByIri().get(row.class!);
    if (name === undefined) continue;
    const names = stated.get(row.entity!) ?? new Set<string>();
    names.add(name);
    stated.set(row.entity!, names);
  }
  const out = new Map<string, string>();
  for (const [id, names] of stated)
    out.set(
      id,
      ENTITY_CLASSES.find((c) => names.has(c))!,
    );
  return out;
}

async function rows(store: QuadStore, sparql: string): Promise<Array<Record<string, string | undefined>>> {
  const result = await store.query(sparql);
  if (result.kind !== 'bindings') throw new Error(`the store answered a SELECT with ${result.kind}`);
  return result.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v?.v])));
}
