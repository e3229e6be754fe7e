// Evals (issue 29, point 9): the example eval's brain (examples/evals) over 1,000 cases × 3
// trials on mock providers with every scorer kind, at -j the core count: the trials per second
// beside empty omw tests per second run the same way, and each trial's overhead beyond its brain's
// own work; then `rescore` of the 3,000 trials (judges served from the recordings), with one
// scorer added and with every scorer changed.

import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { rescore } from '../main/evals/rescore.ts';
import { jobsFor, runEval } from '../main/evals/run-eval.ts';
import { readTrialRecording } from '../main/evals/trial-recording.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { runTests } from '../main/testing/run-tests.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const CASES = 1000;
const TRIALS = 3;
const EMPTY_TESTS = 60;

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-eval-'));
  const example = new URL('../examples/evals', import.meta.url).pathname;
  cpSync(example, dir, { recursive: true });
  const cases = readFileSync(join(example, 'cases.jsonl'), 'utf8').trim().split('\n');
  const lines = Array.from({ length: CASES }, (_, i) => {
    const c = JSON.parse(cases[i % cases.length]!) as { id: string };
    return JSON.stringify({ ...c, id: `${c.id}-${i}` });
  });
  writeFileSync(join(dir, 'cases.jsonl'), `${lines.join('\n')}\n`);
  return dir;
}

/** Empty omw tests, as `brainbench test` runs them at the same parallelism: tests per second. */
async function emptyTestsPerSecond(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-empty-'));
  writeFileSync(join(dir, 'brain.js'), 'undefined;\n');
  const tests = Array.from({ length: EMPTY_TESTS }, (_, i) => {
    const file = join(dir, `t${i}.omw.test.toml`);
    writeFileSync(
      file,
      '[runtime.r]\nkind = "js"\n[agents.a]\nruntime = "r"\nscript = "brain.js"\n[assertions.a]\noutcome = "completed"\n',
    );
    return { file, label: `t${i}` };
  });
  const started = performance.now();
  await runTests(tests, { spawner: forkSpawner, entry: agentEntry(), root: dir, all: true });
  return EMPTY_TESTS / ((performance.now() - started) / 1000);
}

async function timedRescore(results: string, jobs: number): Promise<number> {
  const started = performance.now();
  const rescored = await rescore({ results, jobs });
  if (rescored.judges.live > 0) throw new Error(`rescore asked ${rescored.judges.live} judges live`);
  return (performance.now() - started) / 1000;
}

export async function evalBenchmarks(): Promise<BenchRow[]> {
  const dir = workspace();
  const out = join(dir, 'bench.results.jsonl');
  const jobs = jobsFor(0);
  const started = performance.now();
  const run = await runEval({ evalFile: join(dir, 'qa.eval.toml'), out, trials: TRIALS, jobs, brainbench: 'bench' });
  const wallMs = performance.now() - started;
  if (run.trials.length !== CASES * TRIALS) throw new Error(`the eval ran ${run.trials.length} trials`);
  // A trial's overhead: its wall time beyond its brain's iteration (host, process lease, recording);
  // the run's: its wall time at -j, per trial, beyond the brains' mean iteration, scoring included.
  const brainMs = run.trials.map((trial) => {
    const { recording } = readTrialRecording(join(dir, trial.recording));
    return Math.max(
      0,
      ...[...recording.agents.values()].map((agent) =>
        agent.iterations.reduce((sum, it) => sum + (it.end?.durationMs ?? 0), 0),
      ),
    );
  });
  const trialOverhead = median(run.trials.map((trial, i) => Math.max(0, trial.durationMs - brainMs[i]!)));
  const meanBrain = brainMs.reduce((sum, ms) => sum + ms, 0) / brainMs.length;
  const amortized = (wallMs * jobs) / run.trials.length - meanBrain;
  const emptyPerSecond = await emptyTestsPerSecond();

  // A rescore as it is used: one scorer added, the others unchanged (their lines kept)...
  const evalText = readFileSync(join(dir, 'qa.eval.toml'), 'utf8');
  writeFileSync(
    join(dir, 'qa.eval.toml'),
    `${evalText}\n[[scorers]]\nname = "short"\nkind = "regex"\npattern = "^.{1,200}$"\n`,
  );
  const added = await timedRescore(out, jobs);
  // ...and with every scorer changed (another weight each time): each scores again, the judges
  // from the recordings, the code scorer in its sandbox. The median of three, the machine being shared.
  const all: number[] = [];
  for (const weight of [2, 3, 2]) {
    writeFileSync(join(dir, 'qa.eval.toml'), evalText.replace(/^kind = /gm, `weight = ${weight}\nkind = `));
    all.push(await timedRescore(out, jobs));
  }

  return [
    {
      name: `eval: ${CASES} cases x ${TRIALS} trials, -j ${jobs}, trials per second`,
      value: run.trials.length / (wallMs / 1000),
      unit: '/s',
      floor: emptyPerSecond,
      target: 'beside empty omw tests per second (floor)',
    },
    { name: 'eval: median trial overhead beyond its brain', value: trialOverhead, unit: 'ms', target: '<= 20 ms' },
    { name: 'eval: wall x jobs per trial beyond its brain, scored', value: amortized, unit: 'ms' },
    { name: `eval: rescore of ${run.trials.length} trials, a scorer added`, value: added, unit: 's', target: '< 5 s' },
    {
      name: `eval: rescore of ${run.trials.length} trials, every scorer changed`,
      value: median(all),
      unit: 's',
      target: '< 5 s',
    },
    // What else the machine ran meanwhile: the figures above are wall times.
    { name: 'eval: load average (1 min) at the end', value: loadavg()[0]!, unit: '' },
  ];
}
