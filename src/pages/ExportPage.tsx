/**
 * The export for a browser (`{base}_export` without `?format=`): what a dump holds, each format as a download
 * link, and the command line that does the same (`linkedart export --server`), for a dump too large to click.
 */
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';

export interface ExportPageProps {
  readonly frame: PageFrame;
  /** The documents stored, and the statements (quads) they hold. */
  readonly documents: number;
  readonly statements: number;
  /** The export's own path (`/_export`), to which `?format=` is added. */
  readonly exportHref: string;
  /** The export's formats (`?format=`) and the file extension of each. */
  readonly formats: ReadonlyArray<{ readonly name: string; readonly extension: string }>;
}

/** Each format in words, and what it is good for. */
const FORMAT_WORDS: Readonly<Record<string, readonly [string, string] | undefined>> = {
  nquads: ['N-Quads', 'one statement a line, each document its own graph: loads into any quad store'],
  trig: ['TriG', 'each document as a named graph, in Turtle'],
  turtle: ['Turtle', 'all documents as one graph, readable'],
  ntriples: ['N-Triples', 'one statement a line, one graph'],
  ndjson: ['NDJSON', 'one Linked Art JSON-LD document a line'],
};

export function exportPageHtml(props: ExportPageProps): string {
  return htmlDocument(<ExportPage {...props} />);
}

function ExportPage({ frame, documents, statements, exportHref, formats }: ExportPageProps) {
  return (
    <Page
      frame={frame}
      title="Export"
      description={`Download every record of ${frame.siteTitle} in one file (N-Quads, TriG, Turtle, N-Triples or NDJSON), or export it from the command line.`}
    >
      <h1>Export the collection</h1>
      <p>
        Every stored document in one file: {documents.toLocaleString('en')} {documents === 1 ? 'document' : 'documents'}
        , {statements.toLocaleString('en')} {statements === 1 ? 'statement' : 'statements'}. The file is written as it
        downloads.
      </p>
      <table class="export">
        <thead>
          <tr>
            <th scope="col">Format</th>
            <th scope="col">What it is</th>
            <th scope="col">Command line</th>
          </tr>
        </thead>
        <tbody>
          {formats.map(({ name, extension }) => (
            <tr key={name}>
              <th scope="row">
                <a href={`${exportHref}?format=${name}`} download={`collection.${extension}`}>
                  {FORMAT_WORDS[name]?.[0] ?? name}
                </a>
              </th>
              <td>{FORMAT_WORDS[name]?.[1] ?? ''}</td>
              <td>
                <code>
                  linkedart export --server {frame.baseUrl} --format {name} --out collection.{extension}.gz
                </code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Add <code>&amp;type=Person</code> (a class) or <code>&amp;id=…</code> (repeatable) to the link to export only
        some documents; the command line takes <code>--type</code> and <code>--id</code>.
      </p>
    </Page>
  );
}
