// Checks a tool call's arguments against the tool's input schema, as its server declared it, for
// the tool form's inline problems (docs/workbench.md#tools-and-resources). On the host because Ajv
// compiles schemas to functions, which the renderer's content security policy forbids. A schema
// names its draft in `$schema`; MCP's default is 2020-12. Formats are not checked.

import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { SchemaProblem } from '../../contract/views.ts';

const options = { strict: false, allErrors: true, validateFormats: false } as const;
const draft07 = new Ajv(options);
const draft2020 = new Ajv2020(options);

/** Compiled validators by schema text: a tool's schema is checked on every keystroke. */
const compiled = new Map<string, ValidateFunction>();
const KEPT_AT_MOST = 200;

function validatorFor(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    const declared = (schema as { $schema?: unknown }).$schema;
    const ajv = typeof declared === 'string' && /draft-0[4-7]/.test(declared) ? draft07 : draft2020;
    validate = ajv.compile(schema as object);
    if (compiled.size >= KEPT_AT_MOST) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, validate);
  }
  return validate;
}

/** Ajv's error as the form shows it: at the field it is about (a missing one at its own place). */
function problemOf(error: ErrorObject): SchemaProblem {
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { path: `${error.instancePath}/${missing.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: 'required' };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return { path: error.instancePath, message: `has no field "${extra}"` };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return { path: error.instancePath, message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` };
  }
  return { path: error.instancePath, message: error.message ?? error.keyword };
}

/** What is wrong with `args` (JSON text) under `schema`; none when it fits or there is no schema. */
export function checkToolArguments(schema: unknown, args: string): SchemaProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch (error) {
    return [{ path: '', message: `not JSON: ${(error as Error).message}` }];
  }
  if (schema === undefined || schema === null || typeof schema !== 'object') return [];
  let validate: ValidateFunction;
  try {
    validate = validatorFor(schema);
  } catch (error) {
    return [{ path: '', message: `the tool's input schema cannot be used: ${(error as Error).message}` }];
  }
  if (validate(value)) return [];
  // A miss of `anyOf`/`oneOf` comes with each branch's own miss; the branches' say too much.
  const errors = validate.errors ?? [];
  const branchy = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath);
  const inBranch = (e: ErrorObject) =>
    /\/(anyOf|oneOf)\/\d+\//.test(e.schemaPath) && branchy.some((at) => e.instancePath.startsWith(at));
  return errors.filter((e) => !inBranch(e)).map(problemOf);
}
