/**
 * Named curator tokens (`--tokens FILE`): one curator a line, `name token [scope]`, so that the
 * feed and the history say who wrote what, and two departments can share one service without
 * overwriting each other. A scope limits a token: `read` (it reads what needs a token — SPARQL
 * queries with anonymous queries off, /metrics behind a token — and writes nothing), or an id
 * prefix (an absolute http(s) URL: it writes only ids under it). Blank lines and lines starting
 * with `#` are skipped. Any other line that is not one curator stops the service at start-up,
 * the message naming the line (never the token).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './ConfigError.js';

/** What a token may do: everything, read only, or write ids under a prefix. */
export type CuratorScope =
  { readonly kind: 'all' } | { readonly kind: 'read' } | { readonly kind: 'under'; readonly prefix: string };

export interface Curator {
  readonly name: string;
  readonly token: string;
  readonly scope: CuratorScope;
}

/** A token worth the name: 16 printable characters or more, no spaces. */
export const TOKEN_PATTERN = /^[\x21-\x7e]{16,}$/;
const NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._@-]{0,63}$/u;

/** The curators of a `--tokens` file's text; `file` names it in errors. */
export function parseCuratorTokens(text: string, file: string): Curator[] {
  const curators: Curator[] = [];
  const names = new Set<string>();
  const tokens = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${file} line ${index + 1}`;
    const fields = line.split(/\s+/);
    if (fields.length < 2 || fields.length > 3)
      throw new ConfigError(`${where}: a line is "name token [scope]" (${fields.length} fields found)`);
    const [name, token, scopeText] = fields;
    if (!NAME_PATTERN.test(name))
      throw new ConfigError(
        `${where}: the name ${JSON.stringify(name.slice(0, 80))} is not a name (letters, digits, . _ @ -, at most 64)`,
      );
    if (!TOKEN_PATTERN.test(token))
      throw new ConfigError(
        `${where}: the token of ${name} is not at least 16 printable characters (e.g. from \`openssl rand -hex 24\`)`,
      );
    if (names.has(name)) throw new ConfigError(`${where}: the name ${name} is given twice`);
    if (tokens.has(token)) throw new ConfigError(`${where}: ${name}'s token is another curator's too`);
    names.add(name);
    tokens.add(token);
    curators.push({ name, token, scope: scopeOf(scopeText, where) });
  });
  return curators;
}

/** The curators of the `--tokens` file at `path`. */
export function readCuratorTokens(path: string, from: string): Curator[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${from} = ${JSON.stringify(path)}: cannot read it (${(error as Error).message})`);
  }
  const curators = parseCuratorTokens(text, path);
  if (curators.length === 0) throw new ConfigError(`${from} = ${JSON.stringify(path)}: the file names no curator`);
  return curators;
}

/** The curators: --token's (`token`), named "curator", and those of the --tokens file (`tokens`). */
export function curatorsOf(
  token: { readonly value: string; readonly from: string } | undefined,
  tokens: { readonly value: string; readonly from: string } | undefined,
): Curator[] {
  const curators: Curator[] = token ? [{ name: 'curator', token: token.value, scope: { kind: 'all' } }] : [];
  if (!tokens) return curators;
  for (const named of readCuratorTokens(resolve(tokens.value), tokens.from)) {
    if (token && named.name === 'curator')
      throw new ConfigError(`${tokens.from}: the name "curator" is --token's; name that curator otherwise`);
    if (token && named.token === token.value)
      throw new ConfigError(`${tokens.from}: ${named.name}'s token is --token's too`);
    curators.push(named);
  }
  return curators;
}

function scopeOf(text: string | undefined, where: string): CuratorScope {
  if (text === undefined) return { kind: 'all' };
  if (text === 'read') return { kind: 'read' };
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new ConfigError(
      `${where}: the scope ${JSON.stringify(text.slice(0, 200))} is neither "read" nor an id prefix (an absolute http(s) URL such as https://data.example.org/object/)`,
    );
  return { kind: 'under', prefix: text };
}
