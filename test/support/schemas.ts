/** The official Linked Art API 1.0 JSON Schemas (../shared/context/json-schema), compiled with ajv. */
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SHARED } from './corpus.js';

const SCHEMA_DIR = `${SHARED}context/json-schema/`;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let validate: ValidateFunction | undefined;

/** A validator for any Linked Art document (linked_art.json dispatches on the kind). */
export function linkedArtSchema(): ValidateFunction {
  if (validate) return validate;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(SCHEMA_DIR + file, 'utf8')) as object, file);
  }
  validate = ajv.getSchema('https://linked.art/api/1.0/schema/linked-art.json')!;
  return validate;
}
