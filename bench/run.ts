// `npm run bench`: measures, prints a table and writes bench/results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { agentBenchmarks } from './agent-benchmarks.ts';
import type { BenchRow } from './bench-row.ts';
import { configBenchmarks } from './config-benchmarks.ts';
import { counterfactualBenchmarks } from './counterfactual-benchmarks.ts';
import { dapBenchmarks } from './dap-benchmarks.ts';
import { debuggerCostBenchmarks } from './debugger-cost-benchmarks.ts';
import { endpointBenchmarks } from './endpoint-benchmarks.ts';
import { evalBenchmarks } from './eval-benchmarks.ts';
import { evalsViewBenchmarks } from './ui/evals-view-benchmark.ts';
import { ioBenchmarks } from './io-benchmarks.ts';
import { jsDebuggerBenchmarks } from './js-debugger-benchmarks.ts';
import { limitsBenchmarks } from './limits-benchmarks.ts';
import { lspBenchmarks } from './lsp-benchmarks.ts';
import { pythonBenchmarks } from './python-benchmarks.ts';
import { recordingBenchmarks } from './recording-benchmarks.ts';
import { recordingPastBenchmarks } from './recording-past-benchmarks.ts';
import { rhaiBenchmarks } from './rhai/rhai-benchmarks.ts';
import { timeTravelBenchmarks } from './time-travel-benchmarks.ts';
import { uiBenchmarks } from './ui/ui-benchmarks.ts';
import { warmBenchmarks } from './warm-benchmarks.ts';
import { wasmBenchmarks } from './wasm-benchmarks.ts';
import { webBenchmarks } from './web-benchmarks.ts';

const suites: Record<string, () => Promise<BenchRow[]>> = {
  agents: agentBenchmarks,
  io: ioBenchmarks,
  limits: limitsBenchmarks,
  endpoint: endpointBenchmarks,
  wasm: wasmBenchmarks,
  rhai: rhaiBenchmarks,
  python: pythonBenchmarks,
  ui: uiBenchmarks,
  config: configBenchmarks,
  'js-debugger': jsDebuggerBenchmarks,
  dap: dapBenchmarks,
  'time-travel': timeTravelBenchmarks,
  recording: recordingBenchmarks,
  warm: warmBenchmarks,
  lsp: lspBenchmarks,
  web: webBenchmarks,
  evals: evalBenchmarks,
  'evals-view': evalsViewBenchmarks,
  counterfactual: counterfactualBenchmarks,
  'debugger-cost': debuggerCostBenchmarks,
  'recording-past': recordingPastBenchmarks,
};

const only = process.argv.slice(2);
const results: Record<string, BenchRow[]> = {};
for (const [suite, run] of Object.entries(suites)) {
  if (only.length > 0 && !only.includes(suite)) continue;
  results[suite] = await run();
}

const format = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
for (const [suite, rows] of Object.entries(results)) {
  console.log(`\n${suite}`);
  console.log(
    `${'benchmark'.padEnd(52)} ${'median'.padStart(12)} ${'floor'.padStart(10)} ${'ratio'.padStart(7)}  target`,
  );
  for (const row of rows) {
    const floor = row.floor !== undefined ? format(row.floor) : '';
    const ratio = row.floor !== undefined ? `${(row.value / row.floor).toFixed(2)}x` : '';
    console.log(
      `${row.name.padEnd(52)} ${`${format(row.value)} ${row.unit}`.padStart(12)} ${floor.padStart(10)} ${ratio.padStart(7)}  ${row.target ?? ''}`,
    );
  }
}
// A run of some suites replaces only theirs: the other suites keep their last figures.
const resultsFile = new URL('./results.json', import.meta.url);
const earlier = existsSync(resultsFile)
  ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { results?: Record<string, BenchRow[]> }).results
  : undefined;
const merged = { ...earlier, ...results };
writeFileSync(
  resultsFile,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, results: merged }, null, 2)}\n`,
);
