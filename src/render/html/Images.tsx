/**
 * Pictures of an entity: a digital object's own, and those of the digital objects that show
 * it (an object's `representation` → VisualItem → `digitally_shown_by`, a VisualItem's own
 * `digitally_shown_by`): the rule of src/linkedart/pictures.ts. From a IIIF Image service a
 * picture fitting 400×400 pixels, else an access point of an image format. Loaded lazily, with
 * the digital object's label (else the entity's name) as alt text. Images come from wherever the
 * data says (the page's CSP allows images from http(s)). A IIIF picture is marked with its
 * service's info.json, and the page then loads the deep-zoom viewer (deepZoomAssets.ts), which
 * starts on it; without JavaScript the picture stays as it is.
 */
import { iiifInfoUrl, pictureUrl, picturesOfEntity, type NodeReader } from '../../linkedart/pictures.js';
import { DEEP_ZOOM_SCRIPT_PATH, deepZoomScriptVersion, OPENSEADRAGON_PATH } from './deepZoomAssets.js';
import { idOf, nodesOf, scalarText, valuesOf, type LaNode } from './linkedArt.js';

/** The size (pixels) a IIIF picture is asked for on an entity's page. */
const PAGE_SIZE = 400;

/** One picture: its URL, its alt text, and the IIIF service's info.json when it comes from one. */
export interface Picture {
  readonly url: string;
  readonly alt: string;
  readonly iiifInfo?: string;
}

/** The picture rule's reading of a rendered document. */
export const DOCUMENT_READER: NodeReader<LaNode> = {
  nodes: (node, key) => nodesOf(node, key),
  id: idOf,
  formats: (node) => valuesOf(node, 'format').filter((f): f is string => typeof f === 'string'),
};

/** Every picture of an entity (its own, then those of what shows it), each URL once. */
export function picturesOf(entity: LaNode, name: string): Picture[] {
  return picturesOfEntity(DOCUMENT_READER, entity).map((p) => ({
    url: pictureUrl(p, PAGE_SIZE),
    alt: p.digital === entity ? name : scalarText(p.digital._label, '') || name,
    ...(p.iiif !== undefined ? { iiifInfo: iiifInfoUrl(p.iiif) } : {}),
  }));
}

export function Images({ entity, name, basePath }: { entity: LaNode; name: string; basePath: string }) {
  const pictures = picturesOf(entity, name);
  if (pictures.length === 0) return null;
  const deepZoom = pictures.some((p) => p.iiifInfo !== undefined);
  return (
    <>
      <figure class="images">
        {pictures.map((p) => (
          <img src={p.url} alt={p.alt} loading="lazy" decoding="async" data-iiif-info={p.iiifInfo} />
        ))}
      </figure>
      {deepZoom ? <DeepZoomScripts basePath={basePath} /> : null}
    </>
  );
}

/** The viewer, then our script that starts it (deferred: both run in order once the page is parsed). */
function DeepZoomScripts({ basePath }: { basePath: string }) {
  const viewer = `${basePath}${OPENSEADRAGON_PATH.slice(1)}`;
  return (
    <>
      <script src={`${viewer}openseadragon.min.js`} defer />
      <script
        src={`${basePath}${DEEP_ZOOM_SCRIPT_PATH.slice(1)}?v=${deepZoomScriptVersion()}`}
        data-images={`${viewer}images/`}
        defer
      />
    </>
  );
}
