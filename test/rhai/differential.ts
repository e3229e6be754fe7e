// Differential runs: a script with the code generator on ('simple') and off ('none'). Both paths
// must be indistinguishable: same values, errors and positions, prints, operation counts and
// debugger stops.

import assert from 'node:assert/strict';
import { Engine, type OptimizationLevel } from '../../main/rhai/language/engine.ts';
import { RhaiError } from '../../main/rhai/language/types/errors.ts';
import { debugValue } from '../../main/rhai/language/types/format.ts';

export interface Trace {
  outcome: string;
  printed: string[];
  /** Every statement the debugger hook saw, with the operation count at that point. */
  stops: string[];
}

function outcome(run: () => unknown): string {
  try {
    return `ok ${debugValue(run() as never)}`;
  } catch (e) {
    if (!(e instanceof RhaiError)) throw e;
    return `${e.kind} at ${e.pos.line}:${e.pos.col}: ${e.message}`;
  }
}

/** What a test adds to every engine it compares, host functions for instance. */
export type EngineSetup = (engine: Engine) => void;

function engineAt(level: OptimizationLevel, maxOperations: number, setup?: EngineSetup): Engine {
  const engine = new Engine();
  setup?.(engine);
  engine.optimizationLevel = level;
  engine.limits.maxOperations = maxOperations;
  engine.limits.maxArraySize = 5_000;
  engine.limits.maxStringSize = 5_000;
  return engine;
}

function traced(src: string, level: OptimizationLevel, maxOperations = 50_000, setup?: EngineSetup): Trace {
  const engine = engineAt(level, maxOperations, setup);
  const printed: string[] = [];
  const stops: string[] = [];
  const result = outcome(() =>
    engine.eval(src, {
      hooks: {
        print: (s) => printed.push(s),
        onStatement: (pos, frame) => stops.push(`${pos.line}:${pos.col}@${frame.rt.ops}`),
      },
    }),
  );
  return { outcome: result, printed, stops };
}

/** Without hooks the generated code takes its fast paths; the result must still agree. */
export function plain(src: string, level: OptimizationLevel, maxOperations = 50_000, setup?: EngineSetup): string {
  const engine = engineAt(level, maxOperations, setup);
  return outcome(() => engine.eval(src, { hooks: { print: () => undefined } }));
}

export function assertSame(src: string, maxOperations?: number, setup?: EngineSetup): Trace {
  const closures = traced(src, 'none', maxOperations, setup);
  const generated = traced(src, 'simple', maxOperations, setup);
  assert.deepEqual(generated, closures, `traces differ for:\n${src}`);
  assert.equal(
    plain(src, 'simple', maxOperations, setup),
    plain(src, 'none', maxOperations, setup),
    `results differ for:\n${src}`,
  );
  return generated;
}
