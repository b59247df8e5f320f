/**
 * A document's history for a browser (its TimeMap, `{base}_timemap{path}`): each version, when
 * and by whom it was written, linked to the version as it was; a deletion and a re-creation
 * are versions too (the deletion without a link: it has no content).
 */
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';
import { hasContent, type VersionRecord } from '../history/versionRecord.js';

export interface HistoryPageProps {
  readonly frame: PageFrame;
  readonly id: string;
  readonly records: readonly VersionRecord[];
  /** Each version's URI, by number. */
  readonly versionHref: (n: number) => string;
  /** Whether the document is live now (else deleted). */
  readonly live: boolean;
}

export function historyPageHtml(props: HistoryPageProps): string {
  return htmlDocument(<HistoryPage {...props} />);
}

const WORDS: Readonly<Record<VersionRecord['kind'], string>> = {
  Create: 'created',
  Update: 'changed',
  Delete: 'deleted',
  Move: 'merged into another record',
};

function HistoryPage({ frame, id, records, versionHref, live }: HistoryPageProps) {
  const count = records.filter(hasContent).length;
  return (
    <Page frame={frame} title={`History of ${id}`} description={`Every kept version of ${id}: when, and by whom.`}>
      <h1>History ({count === 1 ? '1 version' : `${count} versions`})</h1>
      <p class="id">
        Of <a href={id}>{id}</a>
        {live ? '' : ' (deleted)'}
      </p>
      <ol class="history" reversed>
        {[...records].reverse().map((r) => (
          <li>
            {!hasContent(r) ? `Version ${r.n}` : <a href={versionHref(r.n)}>Version {r.n}</a>}: {WORDS[r.kind]}{' '}
            {r.time.replace('T', ' ').replace('Z', ' UTC')}
            {r.actor ? ` by ${r.actor}` : ''}
          </li>
        ))}
      </ol>
    </Page>
  );
}
