/**
 * A list row's small picture (search results, "Referenced by" and entity lists): the entity's
 * first picture (src/search/Thumbnails.ts), in a fixed 3rem box so rows do not move as it loads,
 * loaded lazily, with the entity's name as alt text.
 */
export function Thumbnail({ url, name }: { url: string | undefined; name: string }) {
  if (url === undefined) return null;
  return <img class="thumb" src={url} alt={name} loading="lazy" decoding="async" width={48} height={48} />;
}
