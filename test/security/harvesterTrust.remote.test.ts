/**
 * The harvester's trust suite again on the remote store (the second pass, test/virtuoso): which
 * feed each document came from is kept in the store, written with the document, and must hold
 * there too. Its cases that read back what the store kept (the documents stored, the feed each
 * came from, the harvest state a rerun starts from); those the store plays no part in run in the
 * embedded pass alone (whateverTheStore).
 */
import './harvesterTrust.test.js';
