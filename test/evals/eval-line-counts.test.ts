// Line counts over an eval's trials in the workbench (`evalLineCounts`, docs/debugging.md#which-lines-ran)
// on a real Workbench, over the results of a real `brainbench eval run` (2 cases by 2 trials of a
// small Rhai brain): the counts are those `brainbench coverage RESULTS.jsonl` writes as LCOV (read
// by the LCOV parser from npm) and the hand count, per case too; results files from someone else
// (recordings outside their folder, links out, junk lines, an agent named as a path) are refused
// in one line with no process started; and over a file of thousands of trials, progress comes,
// the host keeps answering, and Cancel ends every agent process of the count.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import lcovParser from '@friedemannsommer/lcov-parser/sync';

import type { EvalLineCountsProgressView, EvalLineCountsView } from '../../contract/eval-views.ts';
import type { AgentChannel, AgentSpawner } from '../../main/supervisor/agent-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { processIsAlive } from '../../main/workbench/process-alive.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { BRAIN, BRAINBENCH, HAND_COUNTS, lineCountsWorkspace } from './line-counts-fixture.ts';

let dir: string;
let workbench: Workbench;
/** The processes the line counts started (named `<agent> (past)`), apart from the workspace's own agents. */
const past: AgentChannel[] = [];
const progress: EvalLineCountsProgressView[] = [];
/** When each progress event came (performance.now()). */
const progressAt: number[] = [];
let nextId = 1;

/** Whether the count had answered when each of its processes exited. */
const exitedAfterAnswer = new Map<AgentChannel, boolean>();
let answered = false;

const spawner: AgentSpawner = (entry, options) => {
  const channel = forkSpawner(entry, options);
  if (options.name.endsWith('(past)')) {
    past.push(channel);
    channel.onExit(() => exitedAfterAnswer.set(channel, answered));
  }
  return channel;
};

async function ask<T>(method: string, ...params: unknown[]): Promise<T> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as T;
}

async function refusal(method: string, ...params: unknown[]): Promise<string> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  assert.equal(answer.ok, false, `${method} ${JSON.stringify(params)} is refused`);
  return answer.error!;
}

const counts = (view: EvalLineCountsView) => view.files['brain.rhai'];

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const RECORDINGS = 'lines.results.jsonl.recordings';
const TRIALS = 2000;

/** A results file of `TRIALS` trials: the four recorded ones over and over, each in its own file. */
function writeBigResults(): void {
  const folder = join(dir, 'big.results.jsonl.recordings');
  mkdirSync(folder);
  const [header, ...trials] = readFileSync(join(dir, 'lines.results.jsonl'), 'utf8').trim().split('\n');
  const out = [header];
  for (let i = 0; i < TRIALS; i++) {
    const trial = JSON.parse(trials[i % 4]!) as { recording: string; trial: number };
    const name = `t${i}.jsonl`;
    cpSync(join(dir, trial.recording), join(folder, name));
    out.push(
      JSON.stringify({ ...trial, trial: Math.floor(i / 4) + 1, recording: `big.results.jsonl.recordings/${name}` }),
    );
  }
  writeFileSync(join(dir, 'big.results.jsonl'), out.join('\n') + '\n');
}

describe("line counts over an eval's trials in the workbench", { timeout: 300_000 }, () => {
  before(async () => {
    dir = lineCountsWorkspace();
    // Written before the workbench opens: its file watcher, which would list 2,000 new files, is not what is measured.
    writeBigResults();
    workbench = new Workbench({ spawner, entry: agentEntry() });
    workbench.subscribe((event) => {
      if (event.type !== 'eval-line-counts-progress') return;
      progress.push(event.progress);
      progressAt.push(performance.now());
    });
    await workbench.open(dir);
  });
  after(async () => {
    await workbench?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('counts every line as `brainbench coverage RESULTS.jsonl` does, and as a hand count does', async () => {
    const view = await ask<EvalLineCountsView>('evalLineCounts', 'lines.results.jsonl', null);
    assert.deepEqual(counts(view), HAND_COUNTS.all);
    assert.deepEqual(view.summary, ['brain.rhai: 7 of 8 lines (87%); never reached: line 9']);
    assert.deepEqual(
      { trials: view.trials, of: view.of, iterations: view.iterations, cancelled: view.cancelled },
      { trials: 4, of: 4, iterations: 4, cancelled: false },
    );
    assert.deepEqual([view.skipped, view.leftOut, view.diverged], [[], [], 0]);

    const cli = spawnSync(process.execPath, [BRAINBENCH, 'coverage', 'lines.results.jsonl', '--lcov', 'eval.info'], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(cli.status, 0, cli.stderr);
    const [section] = lcovParser({ from: readFileSync(join(dir, 'eval.info'), 'utf8') });
    assert.equal(section!.path, join(dir, 'brain.rhai'));
    assert.deepEqual(
      counts(view),
      section!.lines.details.map((d) => [d.line, d.hit]),
    );
    assert.match(cli.stdout, new RegExp(`coverage: ${view.summary[0]!.replace(/[().]/g, '\\$&')}`));

    // Progress: every recording checked, then each counted, to the last; then the end.
    const ended = progress.filter((p) => p.ended);
    assert.deepEqual(
      ended.map((p) => p.ended),
      ['finished'],
    );
    const counting = progress.filter((p) => p.phase === 'counting' && !p.ended);
    assert.deepEqual(counting.at(-1), {
      results: 'lines.results.jsonl',
      case: null,
      phase: 'counting',
      done: 4,
      of: 4,
    });
    assert.ok(progress.some((p) => p.phase === 'checking' && p.of === 4));
    // The count's processes are gone with it.
    await until(() => past.every((channel) => !processIsAlive(channel.pid!)), 'the processes of the count to end');
  });

  it("counts one case's trials: which lines does this case reach", async () => {
    const short = await ask<EvalLineCountsView>('evalLineCounts', 'lines.results.jsonl', 'short');
    assert.deepEqual(counts(short), HAND_COUNTS.short);
    assert.deepEqual(short.summary, ['brain.rhai: 5 of 8 lines (62%); never reached: lines 4-5, 9']);
    assert.deepEqual([short.case, short.trials, short.of], ['short', 2, 2]);
    const long = await ask<EvalLineCountsView>('evalLineCounts', 'lines.results.jsonl', 'long');
    assert.deepEqual(counts(long), HAND_COUNTS.long);
    assert.match(
      await refusal('evalLineCounts', 'lines.results.jsonl', 'nowhere'),
      /^lines\.results\.jsonl: no trial of case "nowhere"$/,
    );
  });

  it('says how many iterations did not run as recorded when the brain changed since the run', async () => {
    writeFileSync(
      join(dir, 'brain.rhai'),
      'let mode = omw::host::memory_get("mode");\nlet more = omw::host::memory_get("more");\nexit(mode);\n',
    );
    try {
      const view = await ask<EvalLineCountsView>('evalLineCounts', 'lines.results.jsonl', null);
      assert.equal(view.diverged, 4);
      assert.deepEqual(view.summary, ['brain.rhai: 2 of 3 lines (66%); never reached: line 3']);
    } finally {
      writeFileSync(join(dir, 'brain.rhai'), BRAIN);
    }
  });

  it('leaves out a trial whose recording is missing, and says why', async () => {
    cpSync(join(dir, 'lines.results.jsonl'), join(dir, 'pruned.results.jsonl'));
    cpSync(join(dir, RECORDINGS), join(dir, 'pruned.results.jsonl.recordings'), { recursive: true });
    writeFileSync(
      join(dir, 'pruned.results.jsonl'),
      readFileSync(join(dir, 'lines.results.jsonl'), 'utf8').replaceAll(RECORDINGS, 'pruned.results.jsonl.recordings'),
    );
    rmSync(join(dir, 'pruned.results.jsonl.recordings/0002-long.2.jsonl'));
    const view = await ask<EvalLineCountsView>('evalLineCounts', 'pruned.results.jsonl', null);
    assert.deepEqual(view.leftOut, [{ case: 'long', trial: 2, reason: 'its recording is missing' }]);
    assert.deepEqual([view.trials, view.of], [3, 4]);
    assert.deepEqual(
      counts(view),
      HAND_COUNTS.all.map(([line, hits], i) => [line, hits - HAND_COUNTS.long[i]![1] / 2]),
    );
  });

  it('refuses results files from someone else in one line, and starts nothing', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'brainbench-outside-'));
    const header = readFileSync(join(dir, 'lines.results.jsonl'), 'utf8').split('\n')[0]!;
    const lines = readFileSync(join(dir, 'lines.results.jsonl'), 'utf8').split('\n').slice(1, 5);
    /** A results file `name` of two trials: a good one, and one whose recording is `recording`. */
    const results = (name: string, recording: string) => {
      mkdirSync(join(dir, `${name}.recordings`), { recursive: true });
      cpSync(join(dir, RECORDINGS, '0001-short.1.jsonl'), join(dir, `${name}.recordings/good.jsonl`));
      const trial = JSON.parse(lines[0]!) as object;
      const good = { ...trial, recording: `${name}.recordings/good.jsonl` };
      const bad = { ...trial, trial: 2, recording };
      writeFileSync(join(dir, name), [header, JSON.stringify(good), JSON.stringify(bad), ''].join('\n'));
    };
    const started = past.length;
    const refused: string[] = [];
    const expectRefusal = async (
      path: string,
      pattern: RegExp,
      where: 'workspace names' | 'the boundary says where' = 'workspace names',
    ) => {
      const message = await refusal('evalLineCounts', path, null);
      assert.match(message, pattern);
      assert.doesNotMatch(message, /\n/, 'one line');
      // Named as the workspace names them, not by where they are on this machine (unless asked so).
      if (!path.startsWith('/') && where === 'workspace names')
        assert.ok(!message.includes(dir) && !message.includes(outside), message);
      refused.push(message);
    };

    // A recording outside the results' recordings folder.
    results('out.results.jsonl', '../lines.eval.toml');
    await expectRefusal(
      'out.results.jsonl',
      /^out\.results\.jsonl: the recording "\.\.\/lines\.eval\.toml" is outside out\.results\.jsonl\.recordings\/$/,
    );
    results('abs.results.jsonl', '/etc/passwd');
    await expectRefusal('abs.results.jsonl', /a trial's recording must be a relative path, got "\/etc\/passwd"/);

    // A recording that is a link to a file outside the folder (and the workspace).
    cpSync(join(dir, RECORDINGS, '0001-short.1.jsonl'), join(outside, 'stolen.jsonl'));
    results('link.results.jsonl', 'link.results.jsonl.recordings/t.jsonl');
    symlinkSync(join(outside, 'stolen.jsonl'), join(dir, 'link.results.jsonl.recordings/t.jsonl'));
    await expectRefusal(
      'link.results.jsonl',
      /the recording "link\.results\.jsonl\.recordings\/t\.jsonl" links outside/,
    );

    // The recordings folder itself a link out of the workspace.
    mkdirSync(join(outside, 'recs'));
    cpSync(join(dir, RECORDINGS, '0001-short.1.jsonl'), join(outside, 'recs/t.jsonl'));
    writeFileSync(
      join(dir, 'folder.results.jsonl'),
      [
        header,
        JSON.stringify({ ...JSON.parse(lines[0]!), recording: 'folder.results.jsonl.recordings/t.jsonl' }),
        '',
      ].join('\n'),
    );
    symlinkSync(join(outside, 'recs'), join(dir, 'folder.results.jsonl.recordings'));
    await expectRefusal(
      'folder.results.jsonl',
      /^folder\.results\.jsonl: case "short" trial 1: cannot read "folder\.results\.jsonl\.recordings\/t\.jsonl": "folder\.results\.jsonl\.recordings" is a link to .*, outside the workspace/,
      'the boundary says where',
    );

    // A junk line, by its number.
    writeFileSync(join(dir, 'junk.results.jsonl'), [header, lines[0], 'rm -rf /', ''].join('\n'));
    await expectRefusal('junk.results.jsonl', /^junk\.results\.jsonl: line 3: not JSON/);
    writeFileSync(join(dir, 'notresults.results.jsonl'), 'hello\n');
    await expectRefusal(
      'notresults.results.jsonl',
      /^notresults\.results\.jsonl: line 1: not a Brainbench results file/,
    );

    // A trial recording whose agent is named as a path, second: the first, good, one does not run either.
    mkdirSync(join(dir, 'named.results.jsonl.recordings'));
    for (const file of readdirSync(join(dir, RECORDINGS)))
      cpSync(join(dir, RECORDINGS, file), join(dir, 'named.results.jsonl.recordings', file));
    const named = join(dir, 'named.results.jsonl.recordings/0001-short.2.jsonl');
    writeFileSync(named, readFileSync(named, 'utf8').replaceAll('"agent":"a"', '"agent":"../../x"'));
    writeFileSync(
      join(dir, 'named.results.jsonl'),
      readFileSync(join(dir, 'lines.results.jsonl'), 'utf8').replaceAll(RECORDINGS, 'named.results.jsonl.recordings'),
    );
    await expectRefusal(
      'named.results.jsonl',
      /^named\.results\.jsonl\.recordings\/0001-short\.2\.jsonl: "\.\.\/\.\.\/x" cannot name an agent: it holds "\/", a path separator$/,
    );

    // Paths outside the workspace, and files that are not results.
    await expectRefusal(
      '../outside.results.jsonl',
      /^cannot read "\.\.\/outside\.results\.jsonl": it is outside the workspace/,
      'the boundary says where',
    );
    await expectRefusal(join(outside, 'stolen.jsonl'), /it is outside the workspace|cannot read/);
    await expectRefusal('brain.rhai', /"brain\.rhai" is not a results file/);

    assert.equal(past.length, started, `no process started for a refused file: ${refused.join(' | ')}`);
    rmSync(outside, { recursive: true, force: true });
  });

  it('over thousands of trials: progress, a host that keeps answering, and Cancel ending every process', async () => {
    progress.length = 0;
    progressAt.length = 0;
    const started = past.length;
    // When the host's event loop was free to run a timer while the count went on.
    const beats: number[] = [];
    const beat = setInterval(() => beats.push(performance.now()), 5);
    const asked = performance.now();
    const running = ask<EvalLineCountsView>('evalLineCounts', 'big.results.jsonl', null);
    await until(() => progress.some((p) => p.phase === 'counting' && p.done >= 20), 'twenty trials counted');
    // Another request is answered while it runs; a second count is refused.
    assert.equal((await ask<{ config: string }>('workspace')).config, 'omw.toml');
    assert.match(
      await refusal('evalLineCounts', 'lines.results.jsonl', null),
      /^line counts of big\.results\.jsonl are running: cancel them or wait for them$/,
    );
    const processes = past.slice(started);
    assert.ok(processes.length >= 1);
    assert.ok(
      processes.some((channel) => processIsAlive(channel.pid!)),
      'a process re-executes the trials',
    );
    assert.equal(await ask('cancelEvalLineCounts'), true);
    const view = await running;
    clearInterval(beat);
    const elapsed = performance.now() - asked;
    assert.equal(view.cancelled, true);
    assert.ok(view.trials >= 20 && view.trials < TRIALS, `${view.trials} of ${TRIALS}`);
    assert.equal(view.of, TRIALS);
    assert.equal(progress.at(-1)!.ended, 'cancelled');
    // Every process of the count is gone (their exit is the kill's, not the end of the work).
    await until(
      () => processes.every((channel) => !processIsAlive(channel.pid!)),
      'no process of the count left',
      10_000,
    );
    assert.equal(await ask('cancelEvalLineCounts'), false);

    // Progress is said, but not once per trial: at most about ten times a second, and the phase changes.
    assert.ok(progress.length <= elapsed / 100 + 8, `${progress.length} progress events in ${Math.round(elapsed)} ms`);
    assert.ok(progress.some((p) => p.phase === 'checking' && p.done > 0 && p.done < TRIALS));
    // Reading and checking 2,000 recordings does not hold the host: it is done in slices, between
    // which the host runs what waits (done at once, no timer would run until it is over).
    const from = progressAt[progress.findIndex((p) => p.of > 0)]!;
    const to = progressAt[progress.findIndex((p) => p.phase === 'checking' && p.done === TRIALS)]!;
    const free = beats.filter((at) => at > from && at < to).length;
    assert.ok(free >= 3, `the host ran timers ${free} times while checking for ${Math.round(to - from)} ms`);

    // The next count runs to its end.
    const again = await ask<EvalLineCountsView>('evalLineCounts', 'lines.results.jsonl', 'long');
    assert.deepEqual(counts(again), HAND_COUNTS.long);
  });

  it('Cancel ends a re-execution that never returns by ending its process', async () => {
    // The brain as it is now loops once it has its memory: re-executing a trial does not end
    // (until the engine's compute limit, seconds later).
    writeFileSync(join(dir, 'brain.rhai'), 'let mode = omw::host::memory_get("mode");\nwhile true {\n}\n');
    try {
      progress.length = 0;
      const started = past.length;
      answered = false;
      const running = ask<EvalLineCountsView>('evalLineCounts', 'lines.results.jsonl', null).finally(() => {
        answered = true;
      });
      await until(() => progress.some((p) => p.phase === 'checking' && p.done === 4), 'every recording checked');
      await until(() => past.slice(started).some((channel) => processIsAlive(channel.pid!)), 'a process re-executing');
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(progress.at(-1)!.ended, undefined, 'still re-executing the first trial');
      assert.equal(await ask('cancelEvalLineCounts'), true);
      const view = await running;
      assert.deepEqual([view.cancelled, view.trials, view.summary], [true, 0, []]);
      const processes = past.slice(started);
      // The count answered because its process was ended, not because the re-execution gave up.
      assert.deepEqual(
        processes.map((channel) => exitedAfterAnswer.get(channel)),
        processes.map(() => false),
      );
      await until(() => processes.every((channel) => !processIsAlive(channel.pid!)), 'no process left', 10_000);
    } finally {
      writeFileSync(join(dir, 'brain.rhai'), BRAIN);
    }
  });
});
