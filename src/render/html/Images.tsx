/**
 * Pictures of a digital object: its IIIF Image service (a `digitally_available_via` service
 * that conforms to the IIIF Image API) as a picture at most 800 pixels wide, else an access
 * point of an image format. Loaded lazily, with the entity's name as alt text. Images come
 * from wherever the data says (the page's CSP allows images from http(s)); nothing else does.
 */
import { idOf, nodesOf, valuesOf, type LaNode } from './linkedArt.js';

const IIIF_IMAGE_API = /^https?:\/\/iiif\.io\/api\/image/;

/** The picture URLs of a digital object: IIIF first. */
export function imageUrls(entity: LaNode): string[] {
  const urls: string[] = [];
  for (const service of nodesOf(entity, 'digitally_available_via')) {
    if (!nodesOf(service, 'conforms_to').some((c) => IIIF_IMAGE_API.test(idOf(c) ?? ''))) continue;
    for (const point of nodesOf(service, 'access_point')) {
      const base = idOf(point);
      // Size `!800,800` and `default.jpg` are valid in IIIF Image API 2 and 3 alike.
      if (base && /^https?:/.test(base))
        urls.push(`${base.replace(/\/(info\.json)?$/, '')}/full/!800,800/0/default.jpg`);
    }
  }
  const format = valuesOf(entity, 'format').find((f): f is string => typeof f === 'string');
  if (urls.length === 0 && format?.startsWith('image/')) {
    for (const point of nodesOf(entity, 'access_point')) {
      const url = idOf(point);
      if (url && /^https?:/.test(url)) urls.push(url);
    }
  }
  return urls;
}

export function Images({ entity, name }: { entity: LaNode; name: string }) {
  const urls = imageUrls(entity);
  if (urls.length === 0) return null;
  return (
    <figure class="images">
      {urls.map((url) => (
        <img src={url} alt={name} loading="lazy" decoding="async" />
      ))}
    </figure>
  );
}
