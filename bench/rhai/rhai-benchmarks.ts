// The Rhai language against upstream's native Rust Rhai 1.26 (release build) on the equivalent
// sample programs; the reference times were measured on this kind of machine (issue 3).
import { Engine } from '../../main/rhai/language/engine.ts';
import type { BenchRow } from '../bench-row.ts';
import { debuggerBenchmark } from './debugger-benchmark.ts';
import { median, medianOf } from '../stats.ts';
import {
  ARRAY_ITERATION,
  FIB,
  LOOP,
  MAP_METHODS,
  MATRIX,
  PUSHES,
  SIEVE,
  STRING_BUILDING,
  STRINGS_AND_MAPS,
  largeScript,
} from './scripts.ts';

interface Case {
  name: string;
  /** Native Rhai's time for the same program, in ms. */
  nativeMs?: number;
  target: string;
  run: (engine: Engine) => void;
}

const NOT_MEASURABLE = 'native figure not measurable here';

const evaluate = (source: string) => (engine: Engine) => void engine.eval(source);

const CASES: Case[] = [
  { name: 'Rhai fib(28) five times', nativeMs: 1550, target: '≤ 0.5x native', run: evaluate(FIB) },
  { name: 'Rhai sieve of primes to 1,000,000', nativeMs: 530, target: '≤ 0.5x native', run: evaluate(SIEVE) },
  { name: 'Rhai 1,000,000-iteration loop', nativeMs: 105, target: '≤ 0.5x native', run: evaluate(LOOP) },
  {
    name: 'Rhai large string and 100,000-entry map',
    nativeMs: 400,
    target: '≤ 0.5x native',
    run: evaluate(STRINGS_AND_MAPS),
  },
  { name: 'Rhai 100x100 matrix multiply', nativeMs: 70, target: '≤ 0.5x native', run: evaluate(MATRIX) },
  {
    // The same program with the loop code generator off, for the side-by-side ratio.
    name: 'Rhai 100x100 matrix multiply, loops as closures',
    nativeMs: 70,
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
    name: 'Rhai iterate a 1,000,000-element array',
    nativeMs: 280,
    target: '≤ 0.5x native',
    run: evaluate(ARRAY_ITERATION),
  },
  // Native Rhai could not be built on this machine for these two (no crates.io), so they have no
  // native figure; docs/benchmarks.md compares them with the programs above of the same kind.
  {
    name: 'Rhai string building with += (200,000 iterations)',
    target: NOT_MEASURABLE,
    run: evaluate(STRING_BUILDING),
  },
  {
    name: 'Rhai object-map methods with closures (200,000 calls)',
    target: NOT_MEASURABLE,
    run: evaluate(MAP_METHODS),
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
  { name: 'Rhai push 8,000 strings, no size limits', target: 'reference', run: evaluate(PUSHES) },
];

export async function rhaiBenchmarks(): Promise<BenchRow[]> {
  const engine = new Engine();
  const rows: BenchRow[] = CASES.map((c) => {
    c.run(engine);
    const ms = medianOfSync(5, () => c.run(engine));
    return { name: c.name, value: ms, unit: 'ms', floor: c.nativeMs, target: c.target };
  });
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

/** The median time of `runs` synchronous runs of `work`, in ms. */
function medianOfSync(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return median(times);
}
