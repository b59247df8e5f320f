/**
 * Documents to check or load, from files, directories (their *.json files, sorted) and
 * standard input (`-`). A file holds one document or a JSON array of documents. Unreadable
 * input is reported with the file and, for bad JSON, where the parser stopped.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface SourceDocument { source: string; json: unknown }
export interface SourceError { source: string; message: string }

export function readDocuments(inputs: readonly string[]): { documents: SourceDocument[]; errors: SourceError[] } {
  const documents: SourceDocument[] = [];
  const errors: SourceError[] = [];
  const readFile = (source: string, text: string): void => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      errors.push({ source, message: `not JSON: ${(e as Error).message}` });
      return;
    }
    if (Array.isArray(parsed)) parsed.forEach((json, i) => documents.push({ source: `${source}[${i}]`, json }));
    else documents.push({ source, json: parsed });
  };
  for (const input of inputs) {
    try {
      if (input === '-') readFile('(stdin)', readFileSync(0, 'utf8'));
      else if (statSync(input).isDirectory()) {
        const files = readdirSync(input).filter((f) => f.endsWith('.json')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
        if (files.length === 0) errors.push({ source: input, message: 'the directory has no .json files' });
        for (const f of files) readFile(join(input, f), readFileSync(join(input, f), 'utf8'));
      } else readFile(input, readFileSync(input, 'utf8'));
    } catch (e) {
      errors.push({ source: input, message: (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (e as Error).message });
    }
  }
  return { documents, errors };
}
