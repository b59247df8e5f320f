/**
 * A write the store cannot take in one request however it is cut: one document whose quads pass
 * what the store reads into one string (Virtuoso: 10 MB of request text). Nothing of it was
 * stored. It is the document's size that is refused, not the store that failed: a 413 to a
 * client, naming the document, with the way out (a smaller document, or limits that refuse such
 * documents at the gate).
 */
export class StoreWriteTooLarge extends Error {
  override name = 'StoreWriteTooLarge';

  constructor(
    readonly documents: readonly string[],
    readonly requestBytes: number,
    storeSaid: string,
  ) {
    super(
      `the store refused to take ${documents.join(', ') || 'this write'} in one write: its request is ` +
        `${(requestBytes / 1048576).toFixed(1)} MB, more than the store reads at once (${storeSaid}); nothing of it was stored. ` +
        'Split the document into documents that refer to each other by id, or lower --max-document-kb / --max-array-items so that ' +
        'such documents are refused before they reach the store',
    );
  }
}
