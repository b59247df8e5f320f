/**
 * What a search engine or a shared link's preview shows of an entity page: its description (its
 * first statement, else its kind and name: the page frame writes it as `<meta name="description">`)
 * and Open Graph's title, description, type, URL and image (its first picture).
 */
import { picturesOf } from './Images.js';
import { nodesOf, scalarText, type LaNode } from './linkedArt.js';
import { kindOf } from './terms.js';

/** A description longer than this is cut at a word (previews show about this much). */
const LONGEST = 200;

/** The entity's first statement's content, else "Kind: name". */
export function descriptionOf(document: LaNode, title: string): string {
  const statement = nodesOf(document, 'referred_to_by')
    .map((s) => scalarText(s.content, ''))
    .find((text) => text !== '');
  if (statement === undefined) return kindOf(document) ? `${kindOf(document)}: ${title}` : title;
  const text = statement.replace(/\s+/g, ' ').trim();
  if (text.length <= LONGEST) return text;
  const cut = text.slice(0, LONGEST);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : LONGEST)}…`;
}

export function SharingMeta({
  document,
  title,
  siteTitle,
  description,
}: {
  document: LaNode;
  title: string;
  siteTitle: string;
  description: string;
}) {
  const picture = picturesOf(document, title)[0];
  const id = typeof document.id === 'string' ? document.id : undefined;
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteTitle} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {id !== undefined ? <meta property="og:url" content={id} /> : null}
      {picture ? <meta property="og:image" content={picture.url} /> : null}
      {picture ? <meta property="og:image:alt" content={picture.alt} /> : null}
    </>
  );
}
