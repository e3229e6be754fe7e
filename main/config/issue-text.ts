// Turns zod's issues into the "what was expected" and "what was found" halves of a ConfigError,
// worded for people editing a TOML/YAML/JSON file rather than for TypeScript programmers.

import type { z } from 'zod';

const TYPE_PHRASES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a table',
  record: 'a table',
  array: 'a list',
  null: 'null',
  nonoptional: 'a value',
};

/**
 * Passed to zod as the per-parse error map. Messages a schema sets itself take precedence
 * over it, which is how individual schemas word their own expectations.
 */
export const expectationOf: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${TYPE_PHRASES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return `expected ${boundPhrase(issue.origin, issue.inclusive ? '>=' : '>', issue.minimum, 'at least')}`;
    case 'too_big':
      return `expected ${boundPhrase(issue.origin, issue.inclusive ? '<=' : '<', issue.maximum, 'at most')}`;
    case 'invalid_value':
      return `expected ${oneOf(issue.values)}`;
    case 'invalid_format':
      return `expected a valid ${issue.format}`;
    case 'unrecognized_keys':
      return 'expected only known keys';
    case 'invalid_union': {
      const options: unknown = 'options' in issue ? issue.options : undefined;
      return issue.discriminator && Array.isArray(options) ? `expected ${oneOf(options)}` : 'expected a valid value';
    }
    default:
      return 'expected a valid value';
  }
};

function boundPhrase(origin: string, comparison: string, bound: number | bigint, countWord: string): string {
  if (origin === 'array') return `${countWord} ${bound} item(s)`;
  if (origin === 'string') return `${countWord} ${bound} character(s)`;
  return `a number ${comparison} ${bound}`;
}

function oneOf(values: readonly unknown[]): string {
  const listed = values.map((value) => JSON.stringify(value));
  return listed.length === 1 ? (listed[0] ?? '') : `one of ${listed.join(', ')}`;
}

/** `found "abc"`, `found 3`, `found a list`, or `missing` for an absent value. */
export function describeFound(value: unknown): string {
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'found a list';
  if (typeof value === 'object' && value !== null) return 'found a table';
  if (typeof value === 'string') return `found ${JSON.stringify(truncated(value))}`;
  return `found ${String(value)}`;
}

const LONGEST_SHOWN_STRING = 60;

function truncated(text: string): string {
  return text.length > LONGEST_SHOWN_STRING ? `${text.slice(0, LONGEST_SHOWN_STRING)}…` : text;
}
