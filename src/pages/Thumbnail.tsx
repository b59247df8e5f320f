/**
 * A list row's small picture (search results, "Referenced by" and entity lists): the entity's
 * first picture (src/search/Thumbnails.ts), in a fixed 3rem box so rows do not move as it loads,
 * loaded lazily. Its alt text is empty: the entity's name is the row's link beside it, and a
 * screen reader reading the name twice is what axe-core's image-redundant-alt refuses (issue 32:
 * 0 violations on every page kind; an entity list whose row is its name alone failed it).
 */
export function Thumbnail({ url }: { url: string | undefined }) {
  if (url === undefined) return null;
  return <img class="thumb" src={url} alt="" loading="lazy" decoding="async" width={48} height={48} />;
}
