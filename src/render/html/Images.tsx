/**
 * Pictures of an entity: a digital object's own, and those of the digital objects that show
 * it (an object's `representation` → VisualItem → `digitally_shown_by`, a VisualItem's own
 * `digitally_shown_by`). From a IIIF Image service (a `digitally_available_via` service that
 * conforms to the IIIF Image API) a picture fitting 400×400 pixels, else an access point of an
 * image format. Loaded lazily, with the digital object's label (else the entity's name) as alt
 * text. Images come from wherever the data says (the page's CSP allows images from http(s)).
 */
import { idOf, nodesOf, scalarText, valuesOf, type LaNode } from './linkedArt.js';

const IIIF_IMAGE_API = /^https?:\/\/iiif\.io\/api\/image/;

/** One picture: its URL and its alt text. */
export interface Picture {
  readonly url: string;
  readonly alt: string;
}

/** The picture URLs of a digital object: IIIF first. */
export function imageUrls(entity: LaNode): string[] {
  const urls: string[] = [];
  for (const service of nodesOf(entity, 'digitally_available_via')) {
    if (!nodesOf(service, 'conforms_to').some((c) => IIIF_IMAGE_API.test(idOf(c) ?? ''))) continue;
    for (const point of nodesOf(service, 'access_point')) {
      const base = idOf(point);
      // Size `!400,400` and `default.jpg` are valid in IIIF Image API 2 and 3 alike.
      if (base && /^https?:/.test(base))
        urls.push(`${base.replace(/\/(info\.json)?$/, '')}/full/!400,400/0/default.jpg`);
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

/** Every picture of an entity (its own, then those of what shows it), each URL once. */
export function picturesOf(entity: LaNode, name: string): Picture[] {
  const shownBy = [entity, ...nodesOf(entity, 'representation')].flatMap((n) => nodesOf(n, 'digitally_shown_by'));
  const seen = new Set<string>();
  const pictures: Picture[] = [];
  for (const digital of [entity, ...shownBy]) {
    const alt = digital === entity ? name : scalarText(digital._label, '') || name;
    for (const url of imageUrls(digital)) {
      if (seen.has(url)) continue;
      seen.add(url);
      pictures.push({ url, alt });
    }
  }
  return pictures;
}

export function Images({ entity, name }: { entity: LaNode; name: string }) {
  const pictures = picturesOf(entity, name);
  if (pictures.length === 0) return null;
  return (
    <figure class="images">
      {pictures.map((p) => (
        <img src={p.url} alt={p.alt} loading="lazy" decoding="async" />
      ))}
    </figure>
  );
}
