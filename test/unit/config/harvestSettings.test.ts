import { expect } from 'chai';
import { ConfigError } from '../../../src/config/Config.js';
import { resolveHarvestSettings, sizeInBytes } from '../../../src/config/harvestSettings.js';

const MB = 1024 * 1024;

describe("Config: the harvest's trust settings", () => {
  it('defaults: 16 MB a document, 32 MB a page, 1000 pages without progress, a million changes, no other origin, no private address', () => {
    expect(resolveHarvestSettings({}, {})).to.deep.equal({
      maxDocumentBytes: 16 * MB,
      maxPageBytes: 32 * MB,
      maxPagesWithoutProgress: 1000,
      maxChanges: 1_000_000,
      allowOrigins: [],
      allowPrivateAddresses: false,
    });
  });

  it('flags before environment variables; sizes with units', () => {
    const env = {
      LINKEDART_HARVEST_MAX_DOCUMENT_BYTES: '1MB',
      LINKEDART_HARVEST_MAX_PAGE_BYTES: '2MB',
      LINKEDART_HARVEST_ALLOW_ORIGINS: 'http://127.0.0.1:8080, https://b.example/',
      LINKEDART_HARVEST_ALLOW_PRIVATE_ADDRESSES: 'on',
      LINKEDART_HARVEST_MAX_CHANGES: '500',
    };
    expect(resolveHarvestSettings({}, env)).to.deep.include({
      maxDocumentBytes: MB,
      maxPageBytes: 2 * MB,
      maxChanges: 500,
      allowOrigins: ['http://127.0.0.1:8080', 'https://b.example'],
      allowPrivateAddresses: true,
    });
    expect(
      resolveHarvestSettings(
        { maxDocumentBytes: '4096', allowOrigin: ['https://c.example'], allowPrivateAddresses: false },
        env,
      ),
    ).to.deep.include({ maxDocumentBytes: 4096, allowOrigins: ['https://c.example'], allowPrivateAddresses: false });
    expect(sizeInBytes('16MB')).to.equal(16 * MB);
    expect(sizeInBytes('512 kb')).to.equal(512 * 1024);
    expect(sizeInBytes('1.5G')).to.equal(1.5 * 1024 * MB);
    expect(sizeInBytes('lots')).to.equal(undefined);
  });

  it('a bad value stops the start, naming the flag or variable it came from', () => {
    expect(() => resolveHarvestSettings({ maxDocumentBytes: 'lots' }, {})).to.throw(
      ConfigError,
      /^--max-document-bytes = "lots": a size/,
    );
    expect(() => resolveHarvestSettings({ maxPageBytes: '1GB' }, {})).to.throw(
      ConfigError,
      /--max-page-bytes = "1GB": a size from 1KB to 256MB/,
    );
    expect(() => resolveHarvestSettings({}, { LINKEDART_HARVEST_MAX_PAGES_WITHOUT_PROGRESS: '0' })).to.throw(
      ConfigError,
      /^LINKEDART_HARVEST_MAX_PAGES_WITHOUT_PROGRESS = "0": a whole number, at least 1/,
    );
    expect(() => resolveHarvestSettings({ allowOrigin: ['file:///etc'] }, {})).to.throw(
      ConfigError,
      /--allow-origin = "file:\/\/\/etc": an http\(s\) origin/,
    );
    expect(() => resolveHarvestSettings({ allowOrigin: ['https://a.example/feed'] }, {})).to.throw(
      ConfigError,
      /a scheme, a host and a port only, such as https:\/\/a.example/,
    );
    expect(() => resolveHarvestSettings({}, { LINKEDART_HARVEST_ALLOW_PRIVATE_ADDRESSES: 'maybe' })).to.throw(
      ConfigError,
      /on or off/,
    );
  });
});
