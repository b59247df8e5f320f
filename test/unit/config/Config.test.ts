import { expect } from 'chai';
import { ConfigError, resolveConfig } from '../../../src/config/Config.js';

describe('configuration', () => {
  it('defaults to port 8080 and ids under http://localhost:8080/', () => {
    const config = resolveConfig({}, {});
    expect(config.port).to.equal(8080);
    expect(config.baseUrl).to.equal('http://localhost:8080/');
    expect(config.dataDir).to.match(/var\/data$/);
  });

  it('takes environment variables, and flags over them', () => {
    const env = {
      LINKEDART_PORT: '9000',
      LINKEDART_BASE_URL: 'https://data.example.org/la',
      LINKEDART_DATA_DIR: '/tmp/x',
    };
    expect(resolveConfig({}, env)).to.include({
      port: 9000,
      baseUrl: 'https://data.example.org/la/',
      dataDir: '/tmp/x',
    });
    expect(resolveConfig({ port: '9100' }, env).port).to.equal(9100);
  });

  it('has defaults for the cache, Cache-Control, body limit and log level, and reads them from flags or variables', () => {
    expect(resolveConfig({}, {})).to.include({
      cacheBytes: 64 * 1024 * 1024,
      cacheControl: 'public, max-age=60',
      maxBodyBytes: 16 * 1024 * 1024,
      logLevel: 'info',
    });
    const env = {
      LINKEDART_CACHE_MB: '0',
      LINKEDART_CACHE_CONTROL: 'no-cache',
      LINKEDART_MAX_BODY_MB: '1.5',
      LINKEDART_LOG_LEVEL: 'WARN',
    };
    expect(resolveConfig({}, env)).to.include({
      cacheBytes: 0,
      cacheControl: 'no-cache',
      maxBodyBytes: 1.5 * 1024 * 1024,
      logLevel: 'warn',
    });
    expect(resolveConfig({ cacheMb: '8' }, env).cacheBytes).to.equal(8 * 1024 * 1024);
  });

  const bad: Array<[string, Record<string, string>, Record<string, string>, RegExp]> = [
    ['a port that is not a number', { port: 'abc' }, {}, /--port = "abc": a port is a whole number/],
    ['a port out of range', {}, { LINKEDART_PORT: '70000' }, /LINKEDART_PORT = "70000"/],
    ['a base URL that is not a URL', { baseUrl: 'data.example.org' }, {}, /--base-url .*not a URL/],
    ['a base URL that is not HTTP(S)', { baseUrl: 'ftp://example.org/' }, {}, /must be http or https/],
    ['a base URL with a query', { baseUrl: 'https://example.org/?x=1' }, {}, /no query/],
    ['a negative cache size', { cacheMb: '-1' }, {}, /--cache-mb = "-1": a size in megabytes, at least 0/],
    ['a cache size that is not a number', {}, { LINKEDART_CACHE_MB: 'lots' }, /LINKEDART_CACHE_MB = "lots"/],
    ['a body limit of 0', { maxBodyMb: '0' }, {}, /--max-body-mb = "0"/],
    [
      'a Cache-Control with a newline',
      { cacheControl: 'max-age=60\nX-Evil: 1' },
      {},
      /--cache-control .*printable ASCII/,
    ],
    [
      'an unknown log level',
      {},
      { LINKEDART_LOG_LEVEL: 'loud' },
      /LINKEDART_LOG_LEVEL = "loud": one of fatal, error, warn, info, debug, silent/,
    ],
    ['an unknown store', { store: 'postgres' }, {}, /--store = "postgres": embedded or sparql/],
    [
      'a SPARQL store without its endpoint',
      { store: 'sparql' },
      {},
      /--store sparql needs the store's query endpoint: --sparql-url URL or LINKEDART_SPARQL_URL/,
    ],
    [
      'a SPARQL endpoint that is not http(s)',
      {},
      { LINKEDART_STORE: 'sparql', LINKEDART_SPARQL_URL: 'ftp://x/sparql' },
      /LINKEDART_SPARQL_URL = "ftp:\/\/x\/sparql": an http\(s\) URL of a SPARQL endpoint/,
    ],
    [
      'a SPARQL endpoint with the embedded store',
      { sparqlUrl: 'http://127.0.0.1:8890/sparql' },
      {},
      /--sparql-url .*only used with --store sparql/,
    ],
    ['an empty title', { title: '  ' }, {}, /--title = "  ": a name of 1 to 200 characters/],
    ['a title of two lines', {}, { LINKEDART_TITLE: 'Whitby\nMuseum' }, /LINKEDART_TITLE = "Whitby\\nMuseum": a name/],
    ['an unknown --metrics', { metrics: 'private' }, {}, /--metrics = "private": one of public, token, off/],
    [
      '/metrics behind a token with no token',
      {},
      { LINKEDART_METRICS: 'token' },
      /LINKEDART_METRICS = "token": .*nobody could read it/,
    ],
    [
      'a store password without a user',
      { store: 'sparql', sparqlUrl: 'http://h/sparql', storePassword: 'secret' },
      {},
      /--store-password = "…": a password needs a user/,
    ],
    [
      'a store limit that is not a size',
      { maxStoreMb: 'lots' },
      {},
      /--max-store-mb = "lots": a size in megabytes from 1 to 2756/,
    ],
    [
      'a store limit below 1 MB',
      {},
      { LINKEDART_MAX_STORE_MB: '0.5' },
      /LINKEDART_MAX_STORE_MB = "0.5": a size in megabytes from 1 to 2756/,
    ],
    [
      'a store limit past the safe ceiling',
      { maxStoreMb: '4096' },
      {},
      /--max-store-mb = "4096": .*cannot safely pass 2756 MB \(beyond it, use --store sparql\)/,
    ],
    [
      'a store limit for the remote store',
      { store: 'sparql', sparqlUrl: 'http://h/sparql', maxStoreMb: '100' },
      {},
      /--max-store-mb = "100": only used with the embedded store/,
    ],
    [
      'query replicas that are not a number',
      { queryReplicas: 'two' },
      {},
      /--query-replicas = "two": auto, or a whole number of query replicas from 0 to 8 \(0: one, seeded on the first query/,
    ],
    [
      'negative query replicas',
      {},
      { LINKEDART_QUERY_REPLICAS: '-1' },
      /LINKEDART_QUERY_REPLICAS = "-1": auto, or a whole number of query replicas from 0 to 8/,
    ],
    [
      'a fraction of a query replica',
      { queryReplicas: '1.5' },
      {},
      /--query-replicas = "1.5": auto, or a whole number/,
    ],
    [
      'more query replicas than allowed',
      { queryReplicas: '20' },
      {},
      /--query-replicas = "20": auto, or a whole number of query replicas from 0 to 8/,
    ],
    [
      'query replicas with a SPARQL store',
      { store: 'sparql', sparqlUrl: 'http://h/sparql', queryReplicas: '2' },
      {},
      /--query-replicas = "2": only used with the embedded store/,
    ],
  ];
  it('limits the embedded store with --max-store-mb or LINKEDART_MAX_STORE_MB (megabytes), else leaves it to the safe ceiling', () => {
    expect(resolveConfig({ dataDir: '/tmp/d', maxStoreMb: '200' }, {}).store).to.deep.equal({
      kind: 'embedded',
      dataDir: '/tmp/d',
      maxStoreBytes: 200 * 1024 * 1024,
      queryReplicas: 'auto',
    });
    expect(resolveConfig({ dataDir: '/tmp/d' }, { LINKEDART_MAX_STORE_MB: '2756' }).store).to.deep.equal({
      kind: 'embedded',
      dataDir: '/tmp/d',
      maxStoreBytes: 2756 * 1024 * 1024,
      queryReplicas: 'auto',
    });
  });
  it('keeps query replicas as given, from flags or variables', () => {
    expect(resolveConfig({ queryReplicas: '0' }, {}).store).to.include({ kind: 'embedded', queryReplicas: 0 });
    expect(resolveConfig({}, { LINKEDART_QUERY_REPLICAS: ' 3 ' }).store).to.include({ queryReplicas: 3 });
  });
  it('names the store: embedded in the data directory by default, or a SPARQL store with its endpoints and user', () => {
    expect(resolveConfig({ dataDir: '/tmp/d' }, {}).store).to.deep.equal({
      kind: 'embedded',
      dataDir: '/tmp/d',
      queryReplicas: 'auto',
    });
    expect(resolveConfig({ queryReplicas: 'auto' }, {}).store).to.include({ queryReplicas: 'auto' });
    expect(
      resolveConfig(
        { storeUser: 'dba', storePassword: 'pw' },
        {
          LINKEDART_STORE: 'SPARQL',
          LINKEDART_SPARQL_URL: 'http://127.0.0.1:8890/sparql',
          LINKEDART_UPDATE_URL: 'http://127.0.0.1:8890/sparql-auth',
        },
      ).store,
    ).to.deep.equal({
      kind: 'sparql',
      queryUrl: 'http://127.0.0.1:8890/sparql',
      updateUrl: 'http://127.0.0.1:8890/sparql-auth',
      user: 'dba',
      password: 'pw',
    });
  });

  it('names the collection: "Linked Art collection" unless --title or LINKEDART_TITLE says otherwise', () => {
    expect(resolveConfig({}, {}).title).to.equal('Linked Art collection');
    expect(resolveConfig({}, { LINKEDART_TITLE: 'Whitby Harbour Museum' }).title).to.equal('Whitby Harbour Museum');
    expect(resolveConfig({ title: ' Pike & Hallam ' }, { LINKEDART_TITLE: 'x' }).title).to.equal('Pike & Hallam');
  });

  it('opens /metrics to anyone unless --metrics or LINKEDART_METRICS says token or off', () => {
    expect(resolveConfig({}, {}).metrics).to.equal('public');
    expect(resolveConfig({ metrics: 'OFF' }, {}).metrics).to.equal('off');
    expect(
      resolveConfig({}, { LINKEDART_METRICS: 'token', LINKEDART_READ_TOKEN: 'read-token-0123456789' }).metrics,
    ).to.equal('token');
  });

  for (const [name, flags, env, message] of bad) {
    it(`refuses ${name}, naming the setting`, () => {
      expect(() => resolveConfig(flags, env)).to.throw(ConfigError, message);
    });
  }
});
