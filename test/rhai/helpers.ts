// Shared helpers: evaluate a script and render the result with upstream's debug format.

import assert from 'node:assert/strict';
import { Engine, type RunOptions } from '../../main/rhai/language/engine.ts';
import { RhaiError } from '../../main/rhai/language/types/errors.ts';
import { debugValue } from '../../main/rhai/language/types/format.ts';

export { seededRandom } from '../seeded-random.ts';

export function show(src: string, engine = new Engine(), options: RunOptions = {}): string {
  return debugValue(engine.eval(src, options));
}

export function printed(src: string, engine = new Engine()): string[] {
  const out: string[] = [];
  engine.eval(src, { hooks: { print: (s) => out.push(s) } });
  return out;
}

/** Runs a failing script and returns the error (asserting it is a RhaiError). */
export function failure(src: string, engine = new Engine()): RhaiError {
  try {
    engine.eval(src);
  } catch (e) {
    assert.ok(e instanceof RhaiError, `expected RhaiError, got ${String(e)}`);
    return e;
  }
  assert.fail(`script did not fail: ${src}`);
}

export function failKind(src: string, engine = new Engine()): string {
  return failure(src, engine).kind;
}
