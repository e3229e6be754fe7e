// A request checked against the contract before anything acts on it: its method must be one of
// WORKBENCH_API's, its parameters must fit that method's schemas. What is wrong is said in the
// request's own terms (method, parameter, field path, what was expected and what came), e.g.
// `inject: event.kind: expected one of "message", "error", …, got "bogus"`.

import type { z } from 'zod';
import { PARAMETER_NAMES, WORKBENCH_API, isApiMethod, type ApiMethod } from './workbench-api.ts';

export type CheckedRequest = { ok: true; method: ApiMethod; params: unknown[] } | { ok: false; error: string };

/** Lists longer than this are cut short in errors (the host ops are dozens). */
const LISTED_AT_MOST = 12;
/** At most this many problems are spelled out per request. */
const PROBLEMS_AT_MOST = 3;

/** A value as an error quotes it: scalars as JSON (long strings cut), containers by kind. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'an object';
  if (typeof value === 'string' && value.length > 40) return `${JSON.stringify(value.slice(0, 40))}…`;
  return JSON.stringify(value) ?? String(value);
}

function oneOf(values: readonly unknown[]): string {
  const listed = values.slice(0, LISTED_AT_MOST).map((value) => JSON.stringify(value));
  const more = values.length - listed.length;
  return `one of ${listed.join(', ')}${more > 0 ? `, … (${more} more)` : ''}`;
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function problem(issue: z.core.$ZodIssue & { input?: unknown }): string {
  const got = `got ${describeValue(issue.input)}`;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return issue.input === undefined ? `missing (expected ${expected})` : `expected ${expected}, ${got}`;
    }
    case 'invalid_value':
      return `expected ${oneOf(issue.values)}, ${got}`;
    case 'invalid_union': {
      // A variant's `kind` names no case; the issue carries the whole value.
      if (issue.discriminator === undefined) return `matches none of the accepted shapes, ${got}`;
      const input = issue.input as Record<string, unknown> | null;
      const value = typeof input === 'object' && input !== null ? input[issue.discriminator] : undefined;
      const expected = `expected ${oneOf('options' in issue ? (issue.options ?? []) : [])}`;
      return value === undefined ? `missing (${expected})` : `${expected}, got ${describeValue(value)}`;
    }
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `expected a non-empty string, ${got}`;
      return `expected ${issue.inclusive === false ? 'more than' : 'at least'} ${String(issue.minimum)}${unit(issue.origin)}, ${got}`;
    case 'too_big':
      return `expected ${issue.inclusive === false ? 'less than' : 'at most'} ${String(issue.maximum)}${unit(issue.origin)}, ${got}`;
    default:
      return `${issue.message}, ${got}`;
  }
}

/** What a size bound counts. */
const unit = (origin: string): string => (origin === 'array' ? ' items' : origin === 'string' ? ' characters' : '');

/** `event.data.tool_calls[0].id`, from the issue's path below the parameter list. */
function where(names: readonly string[], path: readonly PropertyKey[]): string {
  const [index, ...rest] = path;
  let text = names[index as number] ?? 'parameters';
  for (const key of rest) text += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return text;
}

/** The method and parameters of a request as the contract allows them, or what is wrong with them. */
export function checkRequest(method: unknown, params: unknown): CheckedRequest {
  if (!isApiMethod(method)) {
    return {
      ok: false,
      error: method === undefined ? 'the request names no method' : `unknown method ${describeValue(method)}`,
    };
  }
  const schema = WORKBENCH_API[method].params;
  const items = schema.def.items;
  const names = items.map((item, i) => PARAMETER_NAMES.get(item)?.name ?? `parameter ${i + 1}`);
  const takes =
    items.length === 0
      ? 'takes no parameters'
      : `takes ${items.length} parameter${items.length > 1 ? 's' : ''} (${names.join(', ')})`;
  if (!Array.isArray(params)) return { ok: false, error: `${method} ${takes} as a list, got ${describeValue(params)}` };
  if (params.length !== items.length) return { ok: false, error: `${method} ${takes}, got ${params.length}` };
  const parsed = schema.safeParse(params, { reportInput: true });
  if (parsed.success) return { ok: true, method, params: parsed.data as unknown[] };
  return { ok: false, error: `${method}: ${describeProblems(names, parsed.error.issues)}` };
}

/** What zod found wrong with a list of values, each problem at its place under the values' names. */
export function describeProblems(names: readonly string[], issues: readonly z.core.$ZodIssue[]): string {
  const listed = issues.slice(0, PROBLEMS_AT_MOST).map((issue) => `${where(names, issue.path)}: ${problem(issue)}`);
  const more = issues.length - listed.length;
  return `${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
