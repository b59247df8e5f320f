/** SPARQL errors as HTTP answers: the two 503s say when to try again. */
import { expect } from 'chai';
import { HttpError } from '../../../src/http/HttpError.js';
import { sparqlHttpError } from '../../../src/http/sparqlErrors.js';
import { QueryTimedOut, SparqlNotReady } from '../../../src/sparql/errors.js';

describe('SPARQL errors as HTTP answers', () => {
  it('answers SPARQL not ready yet with 503 and Retry-After the seconds the seeding is expected to take', () => {
    const answer = sparqlHttpError(new SparqlNotReady(7, 30_000));
    expect(answer).to.be.instanceOf(HttpError);
    const http = answer as HttpError;
    expect(http.status).to.equal(503);
    expect(http.headers).to.deep.equal({ 'Retry-After': '7' });
    expect(http.extensions).to.deep.equal({ retryAfter: 7 });
    expect(http.message).to.match(/about 7 s more, longer than the query time limit \(30 s, --query-timeout-s\)/);
  });

  it('answers a timed-out query with 503 and a Retry-After', () => {
    const http = sparqlHttpError(new QueryTimedOut(500)) as HttpError;
    expect(http.status).to.equal(503);
    expect(http.headers['Retry-After']).to.match(/^\d+$/);
  });
});
