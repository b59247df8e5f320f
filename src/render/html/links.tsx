/**
 * Links on a page. An id under the service's base URL is an entity of this service: it is
 * linked by its path (the same origin, so a page works behind any host name, and the link
 * dereferences to the entity's own page). Any other http(s) id is an external link, marked
 * as such; anything else is shown as text, never as a link.
 */
import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { idOf, labelOf, type LaNode } from './linkedArt.js';

/** The base URL ids of this service start with. */
export const BaseUrl = createContext<string>('');

/** The names the store holds for the entities a document refers to (for references that carry no `_label`). */
export const KnownNames = createContext<ReadonlyMap<string, string>>(new Map());

/** What a reference is called: its own label, else the referenced entity's name when the store holds it, else its id. */
export function useRefLabel(node: LaNode): string {
  const names = useContext(KnownNames);
  const label = labelOf(node);
  const id = idOf(node);
  return id !== undefined && label === id ? (names.get(id) ?? label) : label;
}

/** Where a link to `id` points, and whether it leaves the service; undefined: not a link. */
export function hrefOf(baseUrl: string, id: string): { href: string; external: boolean } | undefined {
  if (baseUrl !== '' && id.startsWith(baseUrl)) {
    const url = new URL(id);
    return { href: url.pathname + url.search + url.hash, external: false };
  }
  return /^https?:\/\//i.test(id) ? { href: id, external: true } : undefined;
}

/** A link to an id, or its text when it cannot be one. */
export function IdLink({ id, children }: { id: string; children?: ComponentChildren }) {
  const base = useContext(BaseUrl);
  const target = hrefOf(base, id);
  const text = children ?? id;
  if (!target) return <span>{text}</span>;
  return target.external ? (
    <a href={target.href} rel="external noopener">
      {text}
    </a>
  ) : (
    <a href={target.href}>{text}</a>
  );
}

/** A reference to a node: its label, linked when it has an id. */
export function Ref({ node }: { node: LaNode }) {
  const id = idOf(node);
  const label = useRefLabel(node);
  return id ? <IdLink id={id}>{label}</IdLink> : <span>{label}</span>;
}

/** References, comma-separated. */
export function Refs({ nodes }: { nodes: readonly LaNode[] }) {
  return (
    <>
      {nodes.map((n, i) => (
        <>
          {i > 0 ? ', ' : ''}
          <Ref node={n} />
        </>
      ))}
    </>
  );
}
