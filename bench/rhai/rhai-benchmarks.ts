// The Rhai language against upstream's native Rust Rhai 1.26 (release build). The native side is
// timed in the same run when RHAI_NATIVE names its `rhai-run` (../shared/tools/rhai-native/):
// each program as a whole process, minus the start-up of an empty script, runs of the two engines
// interleaved; without it the rows say "native: not measured". Each program's result must be the
// same on both engines, so the two measure the same work.
import { Engine } from '../../main/rhai/language/engine.ts';
import { displayValue } from '../../main/rhai/language/types/format.ts';
import type { BenchRow } from '../bench-row.ts';
import { debuggerBenchmark } from './debugger-benchmark.ts';
import { NativeRhai } from './native-rhai.ts';
import { median, medianOf } from '../stats.ts';
import {
  ARRAY_ITERATION,
  FIB,
  FLOAT_MATRIX,
  INTEGRAL,
  LOOP,
  MAP_METHODS,
  MATRIX,
  PRIMES,
  PUSHES,
  SIEVE,
  STRING_BUILDING,
  STRINGS_AND_MAPS,
  largeScript,
} from './scripts.ts';

const NATIVE_TARGET = '≤ 0.5x native';
const RUNS = 5;

/** A program timed against the native engine. */
interface Program {
  name: string;
  source: string;
}

const PROGRAMS: Program[] = [
  { name: 'Rhai fib(28) five times', source: FIB },
  { name: 'Rhai sieve of primes to 1,000,000', source: SIEVE },
  { name: 'Rhai primes to 1,000,000, stepped range (upstream primes.rhai)', source: PRIMES },
  { name: 'Rhai 1,000,000-iteration loop', source: LOOP },
  { name: 'Rhai large string and 100,000-entry map', source: STRINGS_AND_MAPS },
  { name: 'Rhai 100x100 matrix multiply', source: MATRIX },
  { name: 'Rhai 60x60 FLOAT matrices, global:: (upstream mat_mul.rhai)', source: FLOAT_MATRIX },
  { name: 'Rhai FLOAT integral, stepped range, a call per step', source: INTEGRAL },
  { name: 'Rhai iterate a 1,000,000-element array', source: ARRAY_ITERATION },
  { name: 'Rhai string building with += (2,000 lines of 100)', source: STRING_BUILDING },
  { name: 'Rhai object-map methods with closures (200,000 calls)', source: MAP_METHODS },
];

/** Programs measured on Brainbench alone, beside a row above or for the size limits. */
interface Reference {
  name: string;
  target: string;
  run: (engine: Engine) => void;
}

const REFERENCES: Reference[] = [
  {
    // The same program with the loop code generator off, for the side-by-side ratio.
    name: 'Rhai 100x100 matrix multiply, loops as closures',
    target: 'reference',
    run: (engine) => {
      engine.optimizationLevel = 'none';
      try {
        engine.eval(MATRIX);
      } finally {
        engine.optimizationLevel = 'simple';
      }
    },
  },
  {
    // The size limits the runtime sets for a 256 MiB brain (main/runtimes/rhai/rhai-limits.ts).
    name: "Rhai push 8,000 strings, a brain's size limits",
    target: 'as without limits',
    run: (engine) => {
      const { maxStringSize, maxArraySize, maxMapSize } = engine.limits;
      Object.assign(engine.limits, { maxStringSize: 2 ** 27, maxArraySize: 2 ** 25, maxMapSize: 2 ** 22 });
      try {
        engine.eval(PUSHES);
      } finally {
        Object.assign(engine.limits, { maxStringSize, maxArraySize, maxMapSize });
      }
    },
  },
  { name: 'Rhai push 8,000 strings, no size limits', target: 'reference', run: (engine) => void engine.eval(PUSHES) },
];

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** Both engines on one program, interleaved run by run; the native median is net of start-up. */
function measure(engine: Engine, program: Program, native: NativeRhai | undefined): BenchRow {
  const result = displayValue(engine.eval(program.source)); // also warms the engine up
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (native) {
      const run = native.run(program.source);
      if (run.stdout.trim() !== result) {
        throw new Error(`${program.name}: native gives ${run.stdout.trim()}, Brainbench ${result}`);
      }
      theirs.push(run.ms);
      native.sampleStartup();
    }
    ours.push(timed(() => engine.eval(program.source)));
  }
  const row: BenchRow = { name: program.name, value: median(ours), unit: 'ms', target: NATIVE_TARGET };
  if (native) row.floor = Math.max(median(theirs) - native.startupMs, 0);
  else row.target = `${NATIVE_TARGET} (native: not measured)`;
  return row;
}

export async function rhaiBenchmarks(): Promise<BenchRow[]> {
  const native = NativeRhai.fromEnvironment();
  if (!native) console.log('rhai: native: not measured (RHAI_NATIVE names no rhai-run)');
  const engine = new Engine();
  const rows: BenchRow[] = [];
  try {
    for (let i = 0; i < 3; i++) native?.sampleStartup();
    for (const program of PROGRAMS) rows.push(measure(engine, program, native));
    if (native) {
      rows.push({ name: 'Rhai native start-up of an empty script (subtracted)', value: native.startupMs, unit: 'ms' });
    }
  } finally {
    native?.dispose();
  }
  for (const ref of REFERENCES) {
    ref.run(engine);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(timed(() => ref.run(engine)));
    rows.push({ name: ref.name, value: median(times), unit: 'ms', target: ref.target });
  }
  const big = largeScript();
  // The editor re-checks on every edit, so the parser is measured warm, as it runs there.
  for (let i = 0; i < 20; i++) engine.check(big);
  const check = await medianOf(15, () => {
    const started = performance.now();
    const report = engine.check(big);
    if (report.diagnostics.length > 0) throw new Error(report.diagnostics[0]!.message);
    return performance.now() - started;
  });
  rows.push({ name: 'Rhai check() of a 2,000-line script', value: check, unit: 'ms', target: '< 20 ms' });
  rows.push(await debuggerBenchmark());
  return rows;
}
