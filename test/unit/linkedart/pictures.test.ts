/**
 * The picture rule (src/linkedart/pictures.ts) on real records and the demo: the pictures an
 * entity's page shows (Images.tsx, from the rendered document), and the thumbnail its list rows
 * show (Thumbnails.ts, from the same document's quads) — the first picture, at a thumbnail's size —
 * so the two readings of the one rule agree. And the IIIF Manifests a page links (IiifManifests.tsx).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { picturesOf } from '../../../src/render/html/Images.js';
import { iiifManifestsOf } from '../../../src/render/html/IiifManifests.js';
import type { LaNode } from '../../../src/render/html/linkedArt.js';
import { thumbnailFromQuads, Thumbnails } from '../../../src/search/Thumbnails.js';
import { demoDocuments, DEMO_BASE_URL } from '../../../src/service/demoCollection.js';
import { ingestReadable } from '../../../src/ingest/ingestDocument.js';
import { PROJECT_ROOT } from '../../support/corpus.js';

const FIXTURES = `${PROJECT_ROOT}test/fixtures/`;
const read = (path: string): LaNode => JSON.parse(readFileSync(FIXTURES + path, 'utf8')) as LaNode;

interface PictureCase {
  readonly title: string;
  readonly document: () => LaNode;
  /** The page's pictures: URL, alt text, IIIF info.json. */
  readonly pictures: ReadonlyArray<readonly [string, string, string?]>;
  /** The list rows' thumbnail. */
  readonly thumbnail: string | undefined;
}

const PIA_IIIF = 'https://sipi.participatory-archives.ch/SGV_10/SGV_10P_00060.jp2';
const HARVARD_IIIF = 'https://ids.lib.harvard.edu/ids/iiif/47174896';

const PICTURE_CASES: PictureCase[] = [
  {
    title: "the demo's painting: representation → digitally_shown_by → a PNG access point",
    document: () => JSON.parse(readFileSync(`${PROJECT_ROOT}data/demo/object-harbour-at-dusk.json`, 'utf8')) as LaNode,
    pictures: [[`${DEMO_BASE_URL}media/harbour.png`, 'Digital image of Harbour at Dusk']],
    thumbnail: `${DEMO_BASE_URL}media/harbour.png`,
  },
  {
    title: 'an object whose digital object has a IIIF Image 3 service (info.json access point): IIIF, not the JPEG',
    document: () => read('real-world/pia-modelling/object-220133.json'),
    pictures: [
      [
        `${PIA_IIIF}/full/!400,400/0/default.jpg`,
        'PIA ID 220133 - [Porträt von Emilie Kreis-Martz]',
        `${PIA_IIIF}/info.json`,
      ],
    ],
    thumbnail: `${PIA_IIIF}/full/!128,128/0/default.jpg`,
  },
  {
    title: 'a digital object with its own IIIF Image 2 service (a base URL without info.json)',
    document: () => read('la-examples/digital.0.json'),
    pictures: [
      [
        `${HARVARD_IIIF}/full/!400,400/0/default.jpg`,
        'Digital Image of Self-Portrait of Van Gogh',
        `${HARVARD_IIIF}/info.json`,
      ],
    ],
    thumbnail: `${HARVARD_IIIF}/full/!128,128/0/default.jpg`,
  },
  {
    title: 'a digital object shown by no format and no service: no picture',
    document: () => read('real-world/stage-to-data-pa/Richard_III-OFF_B.json'),
    pictures: [],
    thumbnail: undefined,
  },
  {
    title: 'a Person without pictures',
    document: () => JSON.parse(readFileSync(`${PROJECT_ROOT}data/demo/person-edith-marrow.json`, 'utf8')) as LaNode,
    pictures: [],
    thumbnail: undefined,
  },
];

describe('the picture rule: a page and a list row read it alike', () => {
  for (const c of PICTURE_CASES) {
    it(c.title, () => {
      const document = c.document();
      const name = typeof document._label === 'string' ? document._label : '';
      expect(picturesOf(document, name).map((p) => [p.url, p.alt, ...(p.iiifInfo ? [p.iiifInfo] : [])])).to.deep.equal(
        c.pictures,
      );
      // Its quads as ingest makes them (some real records break shapes the rule does not need).
      const admitted = ingestReadable(document, c.title);
      expect(thumbnailFromQuads(admitted.id, admitted.quads)).to.equal(c.thumbnail);
    });
  }

  it('the thumbnails follow writes: a document written, changed, deleted', () => {
    const thumbnails = new Thumbnails();
    const painting = demoDocuments(DEMO_BASE_URL).find((d) => d.id.endsWith('/object/harbour-at-dusk'))!;
    thumbnails.written(new Map([[painting.id, painting.quads]]));
    expect(thumbnails.thumbnailOf(painting.id)).to.equal(`${DEMO_BASE_URL}media/harbour.png`);
    const withoutPicture = painting.quads.filter((q) => !q.predicate.value.endsWith('P138i_has_representation'));
    thumbnails.written(new Map([[painting.id, withoutPicture]]));
    expect(thumbnails.thumbnailOf(painting.id)).to.equal(undefined);
    thumbnails.written(new Map([[painting.id, painting.quads]]));
    thumbnails.written(new Map([[painting.id, []]]));
    expect(thumbnails.size).to.equal(0);
  });
});

const MANIFEST_CASES: Array<[string, string, Array<{ url: string; version?: string }>]> = [
  [
    'subject_of a DigitalObject that conforms to the Presentation API, its media type naming version 3',
    'la-examples/object.31.json',
    [{ url: 'http://iiif.example.org/presentation/1/manifest.json', version: '3' }],
  ],
  [
    'part_of a DigitalObject labelled "IIIF Manifest"',
    'la-examples/digital.0.json',
    [{ url: 'https://iiif.harvardartmuseums.org/manifests/object/299843' }],
  ],
  [
    'subject_of an InformationObject classified as a IIIF Manifest (its format naming version 2); the web page is not one',
    'real-world/harryleft-fetched/getty-object-951295b7.json',
    [{ url: 'https://media.getty.edu/iiif/manifest/db379bba-801c-4650-bc31-3ff2f712eb21', version: '2' }],
  ],
  [
    'subject_of texts digitally_carried_by a v2 and a v3 Manifest (their access points)',
    'real-world/harryleft-fetched/lux-object-4659e968.json',
    [
      { url: 'https://manifests.collections.yale.edu/v2/ycba/obj/767', version: '2' },
      { url: 'https://manifests.collections.yale.edu/ycba/obj/767', version: '3' },
    ],
  ],
  [
    'subject_of a text carried by a Manifest, beside a home page',
    'real-world/julsraemy-modelling/digital-1.json',
    [{ url: 'https://phd.julsraemy.ch/01/manifest.json', version: '3' }],
  ],
  ['no Manifest: a record whose part_of is an activity', 'real-world/stage-to-data-pa/Richard_III-OFF_B.json', []],
];

describe('IIIF Manifests a record points to', () => {
  for (const [title, path, expected] of MANIFEST_CASES) {
    it(title, () => {
      expect(iiifManifestsOf(read(path))).to.deep.equal(expected);
    });
  }
});
