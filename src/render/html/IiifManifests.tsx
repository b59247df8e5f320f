/**
 * The IIIF Manifests a record points to, linked as such ("IIIF Manifest", the version when it
 * says), not as raw URLs: viewers (Mirador, Universal Viewer) open a Manifest, and people who use
 * them look for the word. A Manifest is something the entity is `subject_of` or `part_of`, or a
 * digital object carrying one (`digitally_carried_by`), that conforms to the IIIF Presentation API,
 * has its media type (`application/ld+json;profile="http://iiif.io/api/presentation/…"`), is
 * classified as a IIIF Manifest, or is a DigitalObject labelled so. Its URL: its access point, else its id.
 */
import { idOf, nodesOf, scalarText, typesOf, valuesOf, type LaNode } from './linkedArt.js';

const PRESENTATION_API = /^https?:\/\/iiif\.io\/api\/presentation(?:\/(\d))?/;
const PRESENTATION_MEDIA_TYPE =
  /^application\/ld\+json\s*;\s*profile\s*=\s*["']?https?:\/\/iiif\.io\/api\/presentation(?:\/(\d))?/i;
const SAYS_MANIFEST = /\biiif[\s_-]*(?:v\d\s+)?(?:presentation\s+)?manifest/i;
const WEB_URL = /^https?:/;

/** One Manifest: its URL, and the Presentation API version when the data says it. */
export interface IiifManifest {
  readonly url: string;
  readonly version?: string;
}

/** Whether a node is a IIIF Manifest, and the API version it names (`''` when it names none); undefined when it is not one. */
function manifestVersion(node: LaNode): string | undefined {
  const said = [
    ...nodesOf(node, 'conforms_to').map((c) => PRESENTATION_API.exec(idOf(c) ?? '')),
    ...valuesOf(node, 'format').map((f) => PRESENTATION_MEDIA_TYPE.exec(scalarText(f, ''))),
  ].filter((m) => m !== null);
  if (said.length > 0) return said.find((m) => m[1] !== undefined)?.[1] ?? '';
  const classified = nodesOf(node, 'classified_as').some(
    (c) => SAYS_MANIFEST.test(scalarText(c._label, '')) || SAYS_MANIFEST.test(idOf(c) ?? ''),
  );
  const labelled = typesOf(node).includes('DigitalObject') && SAYS_MANIFEST.test(scalarText(node._label, ''));
  return classified || labelled ? '' : undefined;
}

/** The IIIF Manifests an entity points to, each URL once, in the document's order. */
export function iiifManifestsOf(entity: LaNode): IiifManifest[] {
  const found = new Map<string, IiifManifest>();
  for (const pointed of [...nodesOf(entity, 'subject_of'), ...nodesOf(entity, 'part_of')]) {
    const carriers = nodesOf(pointed, 'digitally_carried_by').filter((c) => manifestVersion(c) !== undefined);
    for (const node of carriers.length > 0 ? carriers : [pointed]) {
      const version = manifestVersion(node);
      if (version === undefined) continue;
      const url = [...nodesOf(node, 'access_point').map(idOf), idOf(node)].find((u) => u && WEB_URL.test(u));
      if (url && !found.has(url)) found.set(url, { url, ...(version ? { version } : {}) });
    }
  }
  return [...found.values()];
}

export function IiifManifests({ entity }: { entity: LaNode }) {
  const manifests = iiifManifestsOf(entity);
  if (manifests.length === 0) return null;
  return (
    <ul class="iiif-manifests">
      {manifests.map((m) => (
        <li>
          <a href={m.url} type="application/ld+json" title={m.url}>
            <abbr class="iiif-logo" title="International Image Interoperability Framework">
              IIIF
            </abbr>{' '}
            Manifest{m.version ? ` (Presentation API ${m.version})` : ''}
          </a>
        </li>
      ))}
    </ul>
  );
}
