/**
 * Service configuration: flags, else environment variables, else defaults; every value
 * checked at start-up so a bad one stops the service with a message naming it.
 */
import { resolve } from 'node:path';

export interface Config {
  /** TCP port to listen on. */
  readonly port: number;
  /** Host/interface to bind. */
  readonly host: string;
  /** The base URL ids are under: `GET /{path}` answers the document whose id is baseUrl + path. Ends with `/`. */
  readonly baseUrl: string;
  /** Directory of the embedded store. */
  readonly dataDir: string;
}

export interface ConfigInput {
  port?: string;
  host?: string;
  baseUrl?: string;
  dataDir?: string;
}

/** Environment variables matching each flag. */
export const ENVIRONMENT: Readonly<Record<keyof ConfigInput, string>> = {
  port: 'LINKEDART_PORT',
  host: 'LINKEDART_HOST',
  baseUrl: 'LINKEDART_BASE_URL',
  dataDir: 'LINKEDART_DATA_DIR',
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function resolveConfig(flags: ConfigInput, env: NodeJS.ProcessEnv = process.env): Config {
  const pick = (key: keyof ConfigInput): { value: string; from: string } | undefined => {
    if (flags[key] !== undefined) return { value: flags[key]!, from: `--${kebab(key)}` };
    const fromEnv = env[ENVIRONMENT[key]];
    return fromEnv !== undefined && fromEnv !== '' ? { value: fromEnv, from: ENVIRONMENT[key] } : undefined;
  };

  const portIn = pick('port');
  const port = portIn ? Number(portIn.value) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535 || (portIn && !/^\d+$/.test(portIn.value.trim()))) {
    throw new ConfigError(`${portIn!.from} = ${JSON.stringify(portIn!.value)}: a port is a whole number from 0 to 65535`);
  }

  const hostIn = pick('host');
  const host = hostIn?.value ?? '127.0.0.1';

  const baseIn = pick('baseUrl');
  const portPart = port === 80 ? '' : `:${port}`;
  let baseUrl = baseIn?.value ?? `http://localhost${portPart}/`;
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new ConfigError(`${baseIn!.from} = ${JSON.stringify(baseUrl)}: not a URL; give an absolute http(s) URL such as https://data.example.org/`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${baseIn!.from} = ${JSON.stringify(baseUrl)}: the base URL must be http or https`);
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError(`${baseIn!.from} = ${JSON.stringify(baseUrl)}: the base URL may carry a path but no query, fragment or credentials`);
  }
  if (!baseUrl.endsWith('/')) baseUrl += '/';

  const dataIn = pick('dataDir');
  const dataDir = resolve(dataIn?.value ?? 'var/data');
  return { port, host, baseUrl, dataDir };
}

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}
