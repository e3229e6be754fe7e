// `brainbench coverage` as a user runs it, the real CLI in a child process (docs/debugging.md#which-lines-ran):
// over a recording of three iterations of a Rhai, a JS and a Python brain, and over an eval results
// file whose trials are such recordings, each line's count is the hand count (the loop body entered
// 0 + 1 + 2 = 6 times over the three, a branch never taken at 0), in an LCOV file a real parser from
// npm reads. A recording is data: its header's brain text and runtime tables never run by default,
// a hostile name or a trial recording outside its folder is refused in one line.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import lcovParser from '@friedemannsommer/lcov-parser/sync';
import { EXTENSIONS, recordCounting, type Kind } from './past-fixture.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

/** By hand, over iterations with count 1, 2 and 3: line → times entered. Python's `for` line is entered once more as each loop ends. */
const HAND_COUNTS: Record<Kind, [number, number][]> = {
  rhai: [
    [1, 3],
    [2, 3],
    [3, 3],
    [4, 3],
    [5, 6],
    [7, 3],
    [8, 0],
    [10, 3],
  ],
  js: [
    [1, 3],
    [2, 3],
    [3, 3],
    [4, 3],
    [5, 6],
    [7, 3],
    [8, 0],
    [10, 3],
  ],
  python: [
    [1, 3],
    [2, 3],
    [3, 3],
    [4, 9],
    [5, 6],
    [7, 3],
    [8, 0],
    [10, 3],
  ],
};

function cli(dir: string, ...args: string[]) {
  return spawnSync(process.execPath, [BRAINBENCH, 'coverage', ...args], {
    encoding: 'utf8',
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
  });
}

function lineCounts(file: string, brain: string): [number, number][] {
  const sections = lcovParser({ from: readFileSync(file, 'utf8') });
  const section = sections.find((s) => s.path === brain);
  assert.ok(section, `a record for ${brain} in ${file}`);
  return section.lines.details.map((d) => [d.line, d.hit]);
}

const trialLine = (recording: string, trial: number) =>
  JSON.stringify({
    kind: 'trial',
    case: 'c1',
    caseIndex: 0,
    trial,
    tags: [],
    outcome: { kind: 'exited', text: '3' },
    scores: [],
    score: 1,
    verdict: 'pass',
    usage: {},
    durationMs: 1,
    reused: 'no',
    recording,
    keys: { case: '', inputs: '', brains: '' },
    input: {},
  });

const RESULTS_HEADER = JSON.stringify({ kind: 'header', format: 'brainbench-eval-results', version: 1 });

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`brainbench coverage over a ${kind} recording`, { timeout: 180_000 }, () => {
    it('counts each line as a hand count does, in LCOV a parser reads, and sums the brain up', async () => {
      const { dir } = await recordCounting(kind, 3);
      const run = cli(dir, 'rec.jsonl', '--lcov', 'out/rec.info');
      assert.equal(run.status, 0, run.stdout + run.stderr);
      const brain = join(dir, `brain.${EXTENSIONS[kind]}`);
      assert.deepEqual(lineCounts(join(dir, 'out/rec.info'), brain), HAND_COUNTS[kind]);
      assert.match(
        run.stdout,
        new RegExp(`coverage: brain\\.${EXTENSIONS[kind]}: 7 of 8 lines \\(87%\\); never reached: line 8`),
      );
      assert.match(run.stdout, /coverage: 3 iterations re-executed; LCOV written to out\/rec\.info/);
    });

    it("sums every trial's recording of an eval results file", async () => {
      const { dir } = await recordCounting(kind, 3, 'results.jsonl.recordings/t1.jsonl');
      const first = readFileSync(join(dir, 'results.jsonl.recordings/t1.jsonl'), 'utf8');
      writeFileSync(join(dir, 'results.jsonl.recordings/t2.jsonl'), first);
      writeFileSync(
        join(dir, 'results.jsonl'),
        [
          RESULTS_HEADER,
          trialLine('results.jsonl.recordings/t1.jsonl', 1),
          trialLine('results.jsonl.recordings/t2.jsonl', 2),
          '',
        ].join('\n'),
      );
      const run = cli(dir, 'results.jsonl', '--lcov', 'eval.info');
      assert.equal(run.status, 0, run.stdout + run.stderr);
      const doubled = HAND_COUNTS[kind].map(([line, hits]): [number, number] => [line, hits * 2]);
      assert.deepEqual(lineCounts(join(dir, 'eval.info'), join(dir, `brain.${EXTENSIONS[kind]}`)), doubled);
      assert.match(run.stdout, /6 iterations of 2 recordings re-executed/);
    });
  });
}

describe('brainbench coverage over hostile input', { timeout: 180_000 }, () => {
  it("runs the workspace's brain, never the recording's text or runtime, unless asked; refuses bad names and paths in one line", async () => {
    const { dir, recording } = await recordCounting('rhai', 3);
    const lines = readFileSync(recording, 'utf8').split('\n');
    const header = JSON.parse(lines[0]!) as {
      brains: Record<string, { source?: string }>;
      config: { runtime: Record<string, Record<string, unknown>> };
    };
    // Recorded text that would count differently, and a runtime table that names an interpreter.
    header.brains.a!.source = 'let x = 1;\nlet y = 2;\nx + y\n';
    header.config.runtime.r = { kind: 'wasm', interpreter: '/bin/sh', preopens: { '/': '/' } };
    writeFileSync(join(dir, 'hostile.jsonl'), [JSON.stringify(header), ...lines.slice(1)].join('\n'));
    const run = cli(dir, 'hostile.jsonl', '--lcov', 'h.info');
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.deepEqual(lineCounts(join(dir, 'h.info'), join(dir, 'brain.rhai')), HAND_COUNTS.rhai);

    // Asked for, the recorded text runs, in the workspace's Rhai runtime: it makes no host call, so it does not run as recorded.
    const recorded = cli(dir, 'hostile.jsonl', '--recorded-brains', '--lcov', 'r.info');
    assert.equal(recorded.status, 0, recorded.stdout + recorded.stderr);
    assert.match(recorded.stdout, /note: hostile\.jsonl: a iteration 1 did not run as recorded/);
    assert.deepEqual(lineCounts(join(dir, 'r.info'), join(dir, 'brain.rhai')).slice(0, 3), [
      [1, 3],
      [2, 3],
      [3, 3],
    ]);

    const renamed = readFileSync(recording, 'utf8').replaceAll('"agent":"a"', '"agent":"../../x"');
    writeFileSync(join(dir, 'renamed.jsonl'), renamed);
    const named = cli(dir, 'renamed.jsonl');
    assert.notEqual(named.status, 0);
    assert.match(named.stderr, /renamed\.jsonl: .*\.\.\/\.\.\/x.* cannot name an agent/);
    assert.equal(named.stderr.trim().split('\n').length, 1, named.stderr);
    assert.doesNotMatch(named.stderr, /\n\s+at /);

    mkdirSync(join(dir, 'evil.jsonl.recordings'));
    writeFileSync(join(dir, 'evil.jsonl'), [RESULTS_HEADER, trialLine('../rec.jsonl', 1), ''].join('\n'));
    const outside = cli(dir, 'evil.jsonl');
    assert.notEqual(outside.status, 0);
    assert.match(outside.stderr.trim(), /outside evil\.jsonl\.recordings/);
    assert.equal(outside.stderr.trim().split('\n').length, 1, outside.stderr);

    writeFileSync(join(dir, 'junk.jsonl'), 'not json\n');
    const junk = cli(dir, 'junk.jsonl');
    assert.notEqual(junk.status, 0);
    assert.equal(junk.stderr.trim().split('\n').length, 1, junk.stderr);
  });
});
