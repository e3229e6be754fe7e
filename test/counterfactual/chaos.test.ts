// `brainbench chaos` on a real recorded run of a tool-using brain with a planted missing error
// check (its blocking call is not guarded) and a planted wait that ignores a queued call's error.
// Each mutation replays the run with real agent processes, continuing on mocks derived from the
// recording: the unguarded call's error and timeout are brain errors, the ignored queued error is
// a hang, an empty result changes the outcome. The saved test of the brain error fails until the
// brain is fixed, then passes; the same seed picks the same mutations; bad input is refused in a line.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ChaosView } from '../../contract/counterfactual-views.ts';
import { recordingMutations } from '../../main/counterfactual/chaos-mutations.ts';
import { buildRecording } from '../../main/recording/recording.ts';
import { readRecordingLines, type ReadLine } from '../../main/recording/recording-reader.ts';
import { brainbench } from './brainbench-cli.ts';

const CONFIG = `[runtime.js]
kind = "js"
[agents.adder]
runtime = "js"
script = "adder.js"
[tooling.calc]
kind = "mock"
tools = [ { name = "add", description = "Adds", input_schema = { type = "object" } } ]
tool_calls = [ { name = "add", result = "3" }, { name = "add", result = "7" } ]
`;

const UNGUARDED = "const first = text(calc.callToolBlocking('add', { a: 1, b: 2 }));";
const GUARDED = `let first;
try { first = text(calc.callToolBlocking('add', { a: 1, b: 2 })); } catch (error) { first = 'unavailable'; }`;

const ADDER = `const calc = omw.tooling.get('calc');
const text = (result) => result.content[0]?.text ?? 'empty';
${UNGUARDED}
const call = calc.callTool('add', { a: 3, b: 4 });
let second;
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id === call && envelope.kind === 'tool-result') { second = text(envelope.payload); break; }
}
\`1+2=\${first}, 3+4=\${second}\`;
`;

async function recorded(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-chaos-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'adder.js'), ADDER);
  const run = await brainbench(['run', '--record', 'run.jsonl'], dir);
  assert.equal(run.code, 0, run.stderr);
  return dir;
}

const rows = (view: ChaosView) => view.entries.map((entry) => `${entry.mutation} -> ${entry.effect}`);

test('chaos finds the planted missing error check; its saved test fails until the brain is fixed', async () => {
  const dir = await recorded();
  const run = await brainbench(
    ['chaos', 'run.jsonl', '--save', 'chaos', '--timeout', '4', '--json', 'chaos.json'],
    dir,
  );
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const view = JSON.parse(readFileSync(join(dir, 'chaos.json'), 'utf8')) as ChaosView;
  assert.deepEqual(rows(view), [
    'tool-error at adder iteration 1 call 2 (calc.add) -> brain-error',
    'tool-timeout at adder iteration 1 call 2 (calc.add) -> brain-error',
    'tool-empty at adder iteration 1 call 2 (calc.add) -> different',
    'tool-error at adder iteration 1 call 4 (queued add) -> hang',
    'tool-timeout at adder iteration 1 call 4 (queued add) -> hang',
    'tool-empty at adder iteration 1 call 4 (queued add) -> different',
  ]);
  assert.equal(view.entries[0]!.detail, 'adder: TypeError: chaos: the tool failed (line 3)');
  assert.equal(view.entries[2]!.detail, 'adder: exited "1+2=empty, 3+4=7"');
  assert.equal(view.entries[5]!.detail, 'adder: exited "1+2=3, 3+4=empty"');
  assert.deepEqual(view.counts, { same: 0, different: 2, 'brain-error': 2, hang: 2, limit: 0 });
  assert.match(
    run.stdout,
    /tool-error at adder iteration 1 call 2 \(calc\.add\) +brain error +chaos\/adder-tool-error-1-2\n/,
  );
  assert.match(
    run.stdout,
    /run\.jsonl: 6 of 6 mutation\(s\) run \(seed 1\) in [\d.]+ s: 2 different outcome, 2 brain error, 2 hang\n/,
  );

  // The saved test reproduces the brain error with the workspace's brain, every time.
  for (let time = 0; time < 2; time++) {
    const saved = await brainbench(['test', 'chaos/adder-tool-error-1-2'], dir);
    assert.equal(saved.code, 1, saved.stdout + saved.stderr);
    assert.match(saved.stdout, /agent "adder" failed: .*adder\.js:3:\d+: TypeError: chaos: the tool failed/);
  }
  // Fixed, the saved test passes and chaos finds no brain error at the blocking call.
  writeFileSync(join(dir, 'adder.js'), ADDER.replace(UNGUARDED, GUARDED));
  const fixed = await brainbench(['test', 'chaos/adder-tool-error-1-2'], dir);
  assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
  assert.match(fixed.stdout, /1 passed, 0 failed/);
});

test('the same seed runs the same mutations; --max bounds them', async () => {
  const dir = await recorded();
  const picks = [];
  for (const out of ['a.json', 'b.json']) {
    const run = await brainbench(
      ['chaos', 'run.jsonl', '--max', '2', '--seed', '7', '--kinds', 'tool-empty,tool-error', '--json', out],
      dir,
    );
    assert.equal(run.code, 1, run.stderr);
    picks.push(rows(JSON.parse(readFileSync(join(dir, out), 'utf8')) as ChaosView));
  }
  assert.equal(picks[0]!.length, 2);
  assert.deepEqual(picks[0], picks[1]);
  assert.match(readFileSync(join(dir, 'a.json'), 'utf8'), /"offered": 4/);
});

test('hostile input: bad options and files are refused in one line; tampered calls offer no mutation', async () => {
  const dir = await recorded();
  for (const [args, code, message] of [
    [['chaos', 'run.jsonl', '--kinds', 'tool-error,rm -rf'], 2, /--kinds: unknown "rm -rf"; expected tool-error, /],
    [['chaos', 'run.jsonl', '--max', '0'], 2, /--max: expected a number of mutations from 1/],
    [['chaos', 'run.jsonl', '--seed=-1'], 2, /--seed: expected a whole number, got -1/],
    [['chaos', 'omw.toml'], 1, /omw\.toml/],
    [['chaos', 'missing.jsonl'], 1, /missing\.jsonl: no such recording/],
  ] as const) {
    const run = await brainbench([...args], dir);
    assert.equal(run.code, code, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, message);
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
  }
  // A recording whose answers were tampered with (not objects where objects were recorded) offers none of them.
  const lines = readRecordingLines(join(dir, 'run.jsonl'));
  const tampered: ReadLine[] = lines.map((read) =>
    'line' in read && read.line.kind === 'call' && read.line.op !== 'tooling.get'
      ? { ...read, line: { ...read.line, value: read.line.op === 'host.recv' ? 'not an envelope' : [1, 2] } }
      : read,
  );
  assert.equal(recordingMutations(buildRecording(lines)).length, 6);
  assert.deepEqual(recordingMutations(buildRecording(tampered)), []);
  // A recording that no longer replays is refused before any mutation runs.
  writeFileSync(join(dir, 'adder.js'), `omw.tooling.get('other');\n${ADDER}`);
  const stale = await brainbench(['chaos', 'run.jsonl'], dir);
  assert.equal(stale.code, 1);
  assert.match(
    stale.stderr,
    /the recording does not replay with the workspace's brains \(.*\): chaos changes one effect of a run that replays/,
  );
});

test('bus chaos on the ping-pong example: a dropped or doubled message, the rest delivered as recorded', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-chaos-pp-'));
  for (const brain of ['ping.js', 'pong.js'])
    writeFileSync(join(dir, brain), readFileSync(join(import.meta.dirname, '../../examples/ping-pong/js', brain)));
  writeFileSync(
    join(dir, 'omw.toml'),
    readFileSync(join(import.meta.dirname, '../../examples/ping-pong/js/omw.test.toml')),
  );
  const recordedRun = await brainbench(['run', '--record', 'run.jsonl'], dir);
  assert.equal(recordedRun.code, 0, recordedRun.stderr);
  const run = await brainbench(
    ['chaos', 'run.jsonl', '--timeout', '4', '--save', 'saved', '--json', 'chaos.json'],
    dir,
  );
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const view = JSON.parse(readFileSync(join(dir, 'chaos.json'), 'utf8')) as ChaosView;
  const entry = (pattern: RegExp) => {
    const found = view.entries.find((candidate) => pattern.test(candidate.mutation));
    assert.ok(found, `${pattern}: ${rows(view).join('\n')}`);
    return found;
  };
  // ping checks each answer: a lost or doubled pong is its error; pong waits for three pings: one lost is a hang.
  const dropped = entry(/^message-dropped at ping iteration 1 call \d+ \(message "pong 1"\)$/);
  assert.equal(dropped.effect, 'brain-error');
  assert.match(dropped.detail, /^ping: Error: expected pong 1, got pong 2/);
  const doubled = entry(/^message-duplicated at ping iteration 1 call \d+ \(message "pong 1"\)$/);
  assert.match(doubled.detail, /^ping: Error: expected pong 2, got pong 1/);
  assert.equal(entry(/^message-dropped at pong iteration 1 call \d+ \(message "ping 1"\)$/).effect, 'hang');
  assert.equal(entry(/^message-duplicated at pong iteration 1 call \d+ \(message "ping 1"\)$/).effect, 'same');
  // An omw test's mocks cannot drop another agent's message: no test is written for the bus.
  assert.ok(view.entries.every((candidate) => candidate.test === undefined));
});

test('a timer a moment late breaks a brain that counts on the order its timers fire in', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-chaos-timers-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.js]\nkind = "js"\n[agents.clock]\nruntime = "js"\nscript = "clock.js"\n',
  );
  writeFileSync(
    join(dir, 'clock.js'),
    `const short = omw.host.waitFor(10);
omw.host.waitFor(400);
if (omw.host.recv().id !== short) throw new Error('the short timer should fire first');
omw.host.recv();
'in order';
`,
  );
  const recordedRun = await brainbench(['run', '--record', 'run.jsonl'], dir);
  assert.equal(recordedRun.code, 0, recordedRun.stderr);
  const run = await brainbench(
    ['chaos', 'run.jsonl', '--kinds', 'timer-late,timer-early', '--json', 'chaos.json'],
    dir,
  );
  assert.equal(run.code, 1, run.stdout + run.stderr);
  const view = JSON.parse(readFileSync(join(dir, 'chaos.json'), 'utf8')) as ChaosView;
  assert.deepEqual(rows(view), ['timer-late at clock iteration 1 call 3 (a timer) -> brain-error']);
  assert.match(view.entries[0]!.detail, /^clock: Error: the short timer should fire first/);
});
