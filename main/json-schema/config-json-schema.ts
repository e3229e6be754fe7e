// The JSON Schema (draft 2020-12) of an omw test config: an omw config plus `[assertions]`, so it
// also describes plain omw.toml files. Built from the zod schemas that validate configs, one
// branch per back-end kind, for editors (taplo, the YAML language server) and for
// `brainbench schema` (omw-test's `schema` command).

import { z } from 'zod';

import type { BackendKind } from '../backends/backend-kind.ts';
import { configSchema } from '../config/config-schema.ts';
import { ENDPOINT_KINDS } from '../endpoint/endpoint-kinds.ts';
import { PROVIDER_KINDS } from '../providers/provider-kinds.ts';
import { RUNTIMES } from '../runtimes/runtimes.ts';
import { TOOLING_KINDS } from '../tooling/tooling-kinds.ts';

type JsonSchema = Record<string, unknown>;

const paramsOf = (kinds: Readonly<Record<string, BackendKind<unknown, never>>>): Record<string, z.ZodType> =>
  Object.fromEntries(Object.entries(kinds).map(([kind, { params }]) => [kind, params]));

/** The params each kind takes, beside its `kind` key, read from the kinds' own tables. */
const KINDS: Record<'providers' | 'tooling' | 'runtime' | 'endpoint', Record<string, z.ZodType>> = {
  providers: paramsOf(PROVIDER_KINDS),
  tooling: paramsOf(TOOLING_KINDS),
  runtime: Object.fromEntries(Object.entries(RUNTIMES).map(([kind, { params }]) => [kind, params])),
  endpoint: paramsOf(ENDPOINT_KINDS),
};

/**
 * What a config file may hold (defaults are optional, as a user writes it). Definitions the
 * schema needs (recursive JSON values) move to the document's `$defs` under a unique name.
 */
function inputSchema(schema: z.ZodType, defs: JsonSchema): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json.$schema;
  const own = (json.$defs ?? {}) as JsonSchema;
  delete json.$defs;
  const prefix = `d${Object.keys(defs).length}_`;
  const renamed = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(renamed);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        key === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', `#/$defs/${prefix}`) : renamed(v),
      ]),
    );
  };
  for (const [name, def] of Object.entries(own)) defs[`${prefix}${name}`] = renamed(def);
  return renamed(json) as JsonSchema;
}

/** `params` with a `kind` key: every object branch gets the key, required and fixed to `kind`. */
function withKind(kind: string, params: JsonSchema): JsonSchema {
  const branches = (params.oneOf ?? params.anyOf) as JsonSchema[] | undefined;
  if (branches)
    return {
      ...params,
      ...(params.oneOf
        ? { oneOf: branches.map((b) => withKind(kind, b)) }
        : { anyOf: branches.map((b) => withKind(kind, b)) }),
    };
  const properties = { kind: { const: kind }, ...(params.properties as JsonSchema | undefined) };
  const required = ['kind', ...((params.required as string[] | undefined) ?? [])];
  return { ...params, type: 'object', properties, required };
}

function implementations(section: keyof typeof KINDS, defs: JsonSchema): JsonSchema {
  const kinds = Object.keys(KINDS[section]);
  return {
    type: 'object',
    required: ['kind'],
    properties: { kind: { enum: kinds, description: `one of ${kinds.join(', ')}` } },
    oneOf: Object.entries(KINDS[section]).map(([kind, schema]) => withKind(kind, inputSchema(schema, defs))),
  };
}

const pattern = { description: 'a partial pattern: tables and arrays match a subset, strings are regexes' };

/** One entry of `events` (omw-compat 14.3), or a `$while` / `$until` wrapper around one. */
const eventAssertion: JsonSchema = {
  oneOf: [
    {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: { kind: { const: 'call' }, op: { type: 'string' }, detail: pattern },
    },
    {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: { kind: { const: 'inbound' }, event: { type: 'string' }, payload: pattern },
    },
    {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: { kind: { const: 'opened' }, source: { type: 'string' } },
    },
    {
      type: 'object',
      required: ['kind'],
      additionalProperties: false,
      properties: { kind: { const: 'closed' }, source: { type: 'string' }, reason: { type: 'string' } },
    },
  ],
};

const assertions: JsonSchema = {
  type: 'object',
  description: 'per agent: the outcome expected and the events it must produce, in order',
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    properties: {
      outcome: {
        oneOf: [
          { enum: ['completed', 'asserted'] },
          {
            type: 'object',
            required: ['exited'],
            additionalProperties: false,
            properties: { exited: { type: 'string' } },
          },
        ],
      },
      events: {
        type: 'array',
        items: {
          oneOf: [
            eventAssertion,
            {
              type: 'object',
              required: ['$while'],
              additionalProperties: false,
              properties: { $while: eventAssertion },
            },
            {
              type: 'object',
              required: ['$until'],
              additionalProperties: false,
              properties: { $until: eventAssertion },
            },
          ],
        },
      },
    },
  },
};

export function testConfigJsonSchema(): JsonSchema {
  const defs: JsonSchema = {};
  const base = inputSchema(configSchema, defs);
  const properties = base.properties as JsonSchema;
  const sections = {
    providers: { type: 'object', additionalProperties: implementations('providers', defs) },
    tooling: { type: 'object', additionalProperties: implementations('tooling', defs) },
    runtime: { type: 'object', additionalProperties: implementations('runtime', defs) },
    // omw's schema lets `endpoint` be null, which the loader reads as no endpoint.
    endpoint: { anyOf: [implementations('endpoint', defs), { type: 'null' }] },
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'omw test config',
    description: 'An omw.toml, or an omw.test.toml with [assertions] (Brainbench)',
    ...base,
    properties: { ...properties, ...sections, assertions },
    $defs: defs,
  };
}
