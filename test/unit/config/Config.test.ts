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
    const env = { LINKEDART_PORT: '9000', LINKEDART_BASE_URL: 'https://data.example.org/la', LINKEDART_DATA_DIR: '/tmp/x' };
    expect(resolveConfig({}, env)).to.include({ port: 9000, baseUrl: 'https://data.example.org/la/', dataDir: '/tmp/x' });
    expect(resolveConfig({ port: '9100' }, env).port).to.equal(9100);
  });

  const bad: Array<[string, Record<string, string>, Record<string, string>, RegExp]> = [
    ['a port that is not a number', { port: 'abc' }, {}, /--port = "abc": a port is a whole number/],
    ['a port out of range', {}, { LINKEDART_PORT: '70000' }, /LINKEDART_PORT = "70000"/],
    ['a base URL that is not a URL', { baseUrl: 'data.example.org' }, {}, /--base-url .*not a URL/],
    ['a base URL that is not HTTP(S)', { baseUrl: 'ftp://example.org/' }, {}, /must be http or https/],
    ['a base URL with a query', { baseUrl: 'https://example.org/?x=1' }, {}, /no query/],
  ];
  for (const [name, flags, env, message] of bad) {
    it(`refuses ${name}, naming the setting`, () => {
      expect(() => resolveConfig(flags, env)).to.throw(ConfigError, message);
    });
  }
});
