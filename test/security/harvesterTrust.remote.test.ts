/**
 * The harvester's trust suite again on the remote store (the second pass, test/virtuoso): which
 * feed each document came from is kept in the store, written with the document, and must hold
 * there too.
 */
import './harvesterTrust.test.js';
