// Partial JSON patterns (omw-compat 14.4). A pattern is plain JSON data; it is compiled into a
// matcher the first time it is seen and the matcher is cached on the pattern's identity, so
// regexes compile once however often an assertion or gate is checked. Patterns are immutable.

import type { Json } from '../trace/trace-event.ts';
import { AssertionParseError } from './assertion-parse-error.ts';
import { indexPath, keyPath } from './data-path.ts';
import { compileRustRegex } from './rust-regex.ts';
import { SENTINEL_MODES, SequenceCursor, type StepMode } from './sequence-cursor.ts';

type Matcher = (candidate: Json) => boolean;

interface ArrayStep {
  mode: StepMode;
  matcher: Matcher;
}

const compiledContainers = new WeakMap<object, Matcher>();
const compiledRegexes = new Map<string, Matcher>();

/** Validates a pattern taken from the config, naming `path` in the AssertionParseError it throws. */
export function checkPattern(raw: unknown, path: string): Json {
  compile(raw, path);
  return raw as Json;
}

/** Whether `candidate` matches `pattern`. Throws AssertionParseError for a malformed pattern. */
export function matchPattern(pattern: Json, candidate: Json): boolean {
  return compile(pattern, 'pattern')(candidate);
}

function compile(raw: unknown, path: string): Matcher {
  if (typeof raw === 'string') return compileRegex(raw, path);
  if (raw === null || typeof raw === 'boolean' || (typeof raw === 'number' && Number.isFinite(raw))) {
    return (candidate) => candidate === raw;
  }
  if (!Array.isArray(raw) && !isPlainObject(raw)) {
    throw new AssertionParseError(path, `${describeNonJson(raw)} is not a JSON value`);
  }
  const cached = compiledContainers.get(raw);
  if (cached) return cached;
  const matcher = Array.isArray(raw) ? compileArray(raw, path) : compileObject(raw, path);
  compiledContainers.set(raw, matcher);
  return matcher;
}

function compileRegex(source: string, path: string): Matcher {
  const cached = compiledRegexes.get(source);
  if (cached) return cached;
  let regex: RegExp;
  try {
    regex = compileRustRegex(source);
  } catch (error) {
    throw new AssertionParseError(path, `invalid regex ${JSON.stringify(source)}: ${(error as Error).message}`);
  }
  const matcher: Matcher = (candidate) => typeof candidate === 'string' && regex.test(candidate);
  compiledRegexes.set(source, matcher);
  return matcher;
}

function compileObject(raw: Record<string, unknown>, path: string): Matcher {
  const fields = Object.entries(raw).map(([key, value]): [string, Matcher] => {
    if (SENTINEL_MODES.has(key)) {
      throw new AssertionParseError(path, `"${key}" is only allowed as an array element: [{ "${key}" = ... }]`);
    }
    if (key.startsWith('$')) throw new AssertionParseError(path, `"${key}": keys starting with "$" are reserved`);
    return [key, compile(value, keyPath(path, key))];
  });
  return (candidate) =>
    isJsonObject(candidate) &&
    fields.every(([key, matcher]) => Object.hasOwn(candidate, key) && matcher(candidate[key] as Json));
}

function compileArray(raw: readonly unknown[], path: string): Matcher {
  const steps = raw.map((element, index) => compileArrayStep(element, indexPath(path, index)));
  return (candidate) => {
    if (!Array.isArray(candidate)) return false;
    const cursor = new SequenceCursor(steps, (step: ArrayStep, item: Json) => step.matcher(item));
    // Once satisfied a sequence stays satisfied: the cursor never moves back.
    for (const item of candidate) {
      if (cursor.satisfied) return true;
      cursor.observe(item);
    }
    return cursor.satisfied;
  };
}

function compileArrayStep(raw: unknown, path: string): ArrayStep {
  const keys = isPlainObject(raw) ? Object.keys(raw) : [];
  for (const [sentinel, mode] of SENTINEL_MODES) {
    if (!keys.includes(sentinel)) continue;
    if (keys.length !== 1) throw new AssertionParseError(path, `a "${sentinel}" step takes no other keys`);
    return { mode, matcher: compile((raw as Record<string, unknown>)[sentinel], keyPath(path, sentinel)) };
  }
  return { mode: 'once', matcher: compile(raw, path) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isJsonObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeNonJson(value: unknown): string {
  if (value instanceof Date) return 'a date-time (quote it to match it as text)';
  if (typeof value === 'number') return String(value);
  return `a value of type ${typeof value}`;
}
