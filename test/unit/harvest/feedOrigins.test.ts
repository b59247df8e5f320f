import { expect } from 'chai';
import { FeedOrigins } from '../../../src/harvest/feedOrigins.js';

describe('Harvest: whose ids a feed may act on', () => {
  const origins = new FeedOrigins('https://publisher.example/activity-stream', ['https://cdn.publisher.example:8443']);

  it('its own origin and those allowed; nothing else, each refusal saying which origin to allow', () => {
    expect(origins.refusal('https://publisher.example/object/1')).to.equal(undefined);
    expect(origins.refusal('https://cdn.publisher.example:8443/object/2')).to.equal(undefined);
    expect(origins.refusal('http://publisher.example/object/1')).to.contain('--allow-origin http://publisher.example');
    expect(origins.refusal('https://other.example/object/1')).to.contain(
      "not under the feed's origin https://publisher.example nor https://cdn.publisher.example:8443",
    );
    expect(origins.refusal('http://127.0.0.1:8080/x')).to.contain('--allow-origin http://127.0.0.1:8080');
    expect(origins.refusal('file:///etc/passwd')).to.contain('not an http(s) URL (file:)');
    expect(origins.refusal('not a url')).to.contain('not a URL');
  });

  it('pages: on the same origins only', () => {
    expect(origins.has('https://publisher.example/activity-stream/page/2')).to.equal(true);
    expect(origins.has('http://169.254.169.254/page')).to.equal(false);
  });
});
