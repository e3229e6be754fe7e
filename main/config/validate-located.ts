// Validation with zod whose failures become ConfigErrors at the offending key, and where the
// environment overlay's strings are coerced for typed fields (see environment-coercion.ts).

import type { z } from 'zod';

import type { ConfigError } from './config-error.ts';
import type { KeyOrigins } from './config-types.ts';
import { coerceEnvironmentText, type CoercibleType } from './environment-coercion.ts';
import { describeFound, expectationOf } from './issue-text.ts';
import type { KeyPath } from './key-path.ts';
import { locatedError } from './located-error.ts';

const COERCIBLE_EXPECTATIONS: Record<string, CoercibleType> = { number: 'number', int: 'number', boolean: 'boolean' };

/**
 * Validates `value`, which lives at `path` of the configuration `origins` describes.
 * Throws a ConfigError for the first problem.
 */
export function validateLocated<T>(schema: z.ZodType<T>, value: unknown, origins: KeyOrigins, path: KeyPath): T {
  let candidate = value;
  for (;;) {
    const result = schema.safeParse(candidate, { error: expectationOf, reportInput: true });
    if (result.success) return result.data;
    const issues = result.error.issues;
    const coerced = coerceEnvironmentStrings(candidate, issues, origins, path);
    // Each round turns at least one string into a number or boolean, so this ends.
    if (coerced === undefined) throw issueError(mostTellingIssue(issues), origins, path);
    candidate = coerced;
  }
}

/** The candidate with every coercible environment string replaced, or undefined when there is none. */
function coerceEnvironmentStrings(
  candidate: unknown,
  issues: readonly z.core.$ZodIssue[],
  origins: KeyOrigins,
  path: KeyPath,
): unknown {
  const replacements: { at: KeyPath; value: number | boolean }[] = [];
  for (const issue of issues) {
    if (issue.code !== 'invalid_type' || typeof issue.input !== 'string') continue;
    const type = COERCIBLE_EXPECTATIONS[issue.expected];
    const at = keyPathOf(issue.path);
    if (!type || !origins.setByEnvironment([...path, ...at])) continue;
    const value = coerceEnvironmentText(issue.input, type);
    if (value !== undefined) replacements.push({ at, value });
  }
  if (replacements.length === 0) return undefined;
  let result = structuredClone(candidate);
  for (const { at, value } of replacements) result = withValueAt(result, at, value);
  return result;
}

function withValueAt(root: unknown, at: KeyPath, value: unknown): unknown {
  if (at.length === 0) return value;
  let container = root as Record<string | number, unknown>;
  for (const segment of at.slice(0, -1)) container = container[segment] as Record<string | number, unknown>;
  container[at[at.length - 1] as string | number] = value;
  return root;
}

/** An unknown key is most likely a typo that also explains any "missing" key, so it is reported first. */
function mostTellingIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  return issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0];
}

function issueError(issue: z.core.$ZodIssue | undefined, origins: KeyOrigins, path: KeyPath): ConfigError {
  if (!issue) return locatedError(origins, path, 'expected a valid value');
  const at = [...path, ...keyPathOf(issue.path)];
  if (issue.code === 'unrecognized_keys') {
    const [key = ''] = issue.keys;
    return locatedError(origins, [...at, key], issue.message, describeFound(key));
  }
  if (issue.code === 'invalid_union' && issue.discriminator) {
    // The issue's path already ends at the discriminator key, but its input is the whole table.
    const table = issue.input as Record<string, unknown> | undefined;
    return locatedError(origins, at, issue.message, describeFound(table?.[issue.discriminator]));
  }
  return locatedError(origins, at, issue.message, describeFound(issue.input));
}

function keyPathOf(zodPath: readonly PropertyKey[]): (string | number)[] {
  return zodPath.map((segment) => (typeof segment === 'number' ? segment : String(segment)));
}
