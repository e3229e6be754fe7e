// Prints a timing table for the Rhai engine against upstream native-Rust reference numbers.

import { Engine } from '../../main/rhai/language/engine.ts';
import { ARRAY_ITERATION, FIB, LOOP, MATRIX, SIEVE, STRINGS_AND_MAPS, largeScript } from './scripts.ts';

interface Case {
  name: string;
  referenceMs?: number;
  targetMs?: number;
  run: () => void;
}

const engine = new Engine();
const run = (src: string) => () => void engine.eval(src);
const big = largeScript();

const cases: Case[] = [
  { name: 'fib(28) x5', referenceMs: 1550, run: run(FIB) },
  { name: 'sieve 1,000,000', referenceMs: 530, run: run(SIEVE) },
  { name: 'count loop 1,000,000', referenceMs: 105, run: run(LOOP) },
  { name: 'string + map 100,000', referenceMs: 400, run: run(STRINGS_AND_MAPS) },
  { name: 'matrix 100x100', referenceMs: 70, run: run(MATRIX) },
  { name: 'iterate 1,000,000 array', referenceMs: 280, run: run(ARRAY_ITERATION) },
  {
    name: 'check() 2,000 lines',
    targetMs: 20,
    run: () => {
      const report = engine.check(big);
      if (report.diagnostics.length > 0) throw new Error(report.diagnostics[0]!.message);
    },
  },
];

function measure(c: Case): number {
  c.run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    c.run();
    times.push(performance.now() - t0);
  }
  return Math.min(...times);
}

const rows = cases.map((c) => {
  const ms = measure(c);
  const limit = c.referenceMs ?? c.targetMs!;
  return {
    benchmark: c.name,
    'ms (best of 5)': Number(ms.toFixed(1)),
    'reference ms': limit,
    result: ms <= limit ? 'faster' : 'slower',
  };
});
console.table(rows);
