/** The official Linked Art API 1.0 JSON Schemas (test/fixtures/json-schema), compiled with ajv. */
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { KINDS, PROVENANCE_ACTIVITY } from '../../src/linkedart/kinds.js';
import { JSON_SCHEMA_DIR } from './corpus.js';

const SCHEMA_DIR = JSON_SCHEMA_DIR;
const SCHEMA_BASE = 'https://linked.art/api/1.0/schema/';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

function compile(allErrors: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors, verbose: allErrors });
  addFormats(ajv);
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(SCHEMA_DIR + file, 'utf8')) as object, file);
  }
  return ajv;
}

let validate: ValidateFunction | undefined;

/** A validator for any Linked Art document (linked_art.json dispatches on the kind). */
export function linkedArtSchema(): ValidateFunction {
  validate ??= compile(false).getSchema(`${SCHEMA_BASE}linked-art.json`)!;
  return validate;
}

// ---- What a kind's schema says about one document, one line per finding ------------------

let detailed: Ajv2020 | undefined;

/** The schema file of a document's kind: its `type`, and for an Activity its classification. */
export function schemaFileOf(doc: { type?: unknown; classified_as?: unknown }): string {
  const types = [doc.type].flat();
  const provenance = JSON.stringify(doc.classified_as ?? []).includes(PROVENANCE_ACTIVITY);
  const kind = KINDS.find(
    (k) => types.some((t) => k.classes.includes(String(t))) && (k.endpoint !== 'provenance' || provenance),
  );
  if (!kind) throw new Error(`no Linked Art kind has the type ${JSON.stringify(doc.type)}`);
  return `${kind.endpoint === 'visual' ? 'image' : kind.endpoint}.json`;
}

/** The `type` a schema branch insists on (`{"allOf": [..., {"const": "Acquisition"}]}`), if any. */
function branchType(schema: unknown): string | undefined {
  const type = (schema as { properties?: { type?: { const?: string; allOf?: Array<{ const?: string }> } } }).properties
    ?.type;
  return type?.const ?? type?.allOf?.find((s) => s.const)?.const;
}

function at(doc: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

function describe(e: ErrorObject): string {
  const p = e.params as { additionalProperty?: string; missingProperty?: string; type?: string };
  if (e.keyword === 'additionalProperties') return `no \`${p.additionalProperty}\``;
  if (e.keyword === 'required') return `requires \`${p.missingProperty}\``;
  if (e.keyword === 'type') return `must be ${p.type === 'array' ? 'an array' : `an ${p.type}`}`;
  return e.message ?? e.keyword;
}

/**
 * Every way the document's kind schema refuses it, as `[JSON pointer, finding]`: only errors of
 * the branch whose `type` the node has (the schemas try each provenance part class in turn, and
 * the other branches' complaints say nothing about the document). Empty when the schema accepts it.
 */
export function schemaFindings(doc: Record<string, unknown>): Array<[string, string]> {
  detailed ??= compile(true);
  const validateKind = detailed.getSchema(SCHEMA_BASE + schemaFileOf(doc))!;
  if (validateKind(doc)) return [];
  const findings = new Set<string>();
  // A node whose `type` no branch allows: one finding naming what was allowed.
  const allowedTypes = new Map<string, Set<string>>();
  for (const e of validateKind.errors ?? []) {
    if (e.keyword !== 'const' || !e.instancePath.endsWith('/type')) continue;
    const path = e.instancePath.slice(0, -'/type'.length);
    allowedTypes.set(
      path,
      (allowedTypes.get(path) ?? new Set()).add(String((e.params as { allowedValue?: unknown }).allowedValue)),
    );
  }
  for (const [path, allowed] of allowedTypes) {
    // Alternatives (oneOf/anyOf) with more branches than refused types: one branch took the type.
    const choice = (validateKind.errors ?? []).find(
      (e) => e.instancePath === path && ['oneOf', 'anyOf'].includes(e.keyword),
    );
    if (choice && Array.isArray(choice.schema) && choice.schema.length > allowed.size) continue;
    const type = String((at(doc, path) as { type?: unknown } | undefined)?.type);
    if (!allowed.has(type))
      findings.add(JSON.stringify([path, `no \`${type}\` (allows ${[...allowed].map((t) => `\`${t}\``).join(', ')})`]));
  }
  for (const e of validateKind.errors ?? []) {
    if (['anyOf', 'oneOf', 'allOf', 'if', 'const'].includes(e.keyword)) continue;
    const wanted = branchType(e.parentSchema);
    const node = at(doc, e.instancePath) as { type?: unknown } | undefined;
    if (wanted !== undefined && node?.type !== wanted && e.keyword !== 'type') continue;
    findings.add(JSON.stringify([e.instancePath || '/', describe(e)]));
  }
  // A refusal no finding explains is reported raw rather than passed over.
  if (findings.size === 0)
    return (validateKind.errors ?? []).map((e) => [e.instancePath || '/', `${e.keyword}: ${e.message}`]);
  return [...findings].map((f) => JSON.parse(f) as [string, string]);
}
