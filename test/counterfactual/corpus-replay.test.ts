// `brainbench replay DIR|GLOB…` on a corpus recorded from the examples (example-corpus.ts), after a
// planted change to the tool example's error path: exactly the recordings whose run took that path
// diverge, at the planted line; `--expect-divergence` accepts them apart; an expected divergence
// that does not happen fails the gate; the JUnit report is read by a real XML parser; the
// Markdown report lists each group; the exit codes are what a CI job gates on.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { brainbench } from './brainbench-cli.ts';
import { exampleCorpus, type ExampleCorpus } from './example-corpus.ts';
import { parsedJunit } from './parsed-junit.ts';

let corpus: ExampleCorpus;
/** The tool example's error path, changed: it calls the tool again where it used to throw. */
const PLANTED_LINE = 11;

before(async () => {
  corpus = await exampleCorpus(2);
  const file = join(corpus.dir, 'tool.js');
  const lines = readFileSync(file, 'utf8').split('\n');
  assert.match(lines[PLANTED_LINE - 1]!, /if \(envelope\.kind === 'error'\) throw new Error\(envelope\.payload\);/);
  lines[PLANTED_LINE - 1] =
    "  if (envelope.kind === 'error') { calc.callToolBlocking('add', { a: 3, b: 4 }); continue; }";
  writeFileSync(file, lines.join('\n'));
});

const lineOf = (stdout: string, status: string, label: string) =>
  stdout.split('\n').find((line) => line.startsWith(`${status} ${label}`));

test('only the recordings that took the changed path diverge, at the planted line; the gate fails', async () => {
  const run = await brainbench(['replay', 'corpus', '-j', '2'], corpus.dir);
  assert.equal(run.code, 1, run.stderr);
  const diverged = run.stdout.split('\n').filter((line) => line.startsWith('DIVERGED '));
  assert.deepEqual(diverged, ['DIVERGED corpus/tool-error-1.jsonl', 'DIVERGED corpus/tool-error-2.jsonl']);
  for (const name of ['memory', 'pingpong', 'race', 'timers', 'tool'])
    for (const n of [1, 2]) assert.ok(lineOf(run.stdout, 'REPLAYED', `corpus/${name}-${n}.jsonl`), `${name}-${n}`);
  // The first differing call, what was expected and what came, and the brain's line.
  assert.match(
    run.stdout,
    /DIVERGED corpus\/tool-error-1\.jsonl\n {2}tool iteration 1 call 6: expected the end of the iteration \(failed: Error: overflow\), got tooling\.call-tool-blocking\("calc", "add", "\{\\"a\\":3,\\"b\\":4\}"\)\n {4}at .*tool\.js:11:\d+\n/,
  );
  assert.match(run.stdout, /note: tool: the workspace's brain differs from the recorded one in 4 of 12 recordings/);
  assert.match(run.stdout, /12 recordings: 10 replayed, 2 diverged, 0 accepted, 0 errors in [\d.]+ s: FAIL\n$/);
});

test('--expect-divergence accepts the changed recordings apart, and the gate passes', async () => {
  const run = await brainbench(
    [
      'replay',
      'corpus/*.jsonl',
      '--expect-divergence',
      'tool-error-*',
      '--junit',
      'out/replay.xml',
      '--markdown',
      'out/replay.md',
    ],
    corpus.dir,
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  assert.ok(lineOf(run.stdout, 'ACCEPTED', 'corpus/tool-error-2.jsonl: an expected divergence'));
  assert.match(
    run.stdout,
    /accepted divergences \(--expect-divergence\): 2\n {2}corpus\/tool-error-1\.jsonl\n {2}corpus\/tool-error-2\.jsonl\n/,
  );
  assert.match(run.stdout, /12 recordings: 10 replayed, 0 diverged, 2 accepted, 0 errors in [\d.]+ s: PASS\n$/);

  const junit = await parsedJunit(readFileSync(join(corpus.dir, 'out/replay.xml'), 'utf8'));
  assert.equal(junit.error, null);
  assert.equal(junit.root, 'testsuites');
  assert.deepEqual([junit.tests, junit.failures, junit.errors], [12, 0, 0]);
  assert.equal(junit.cases.length, 12);
  const accepted = junit.cases.find((c) => c.name === 'corpus/tool-error-1.jsonl')!;
  assert.equal(accepted.classname, 'corpus');
  assert.equal(accepted.failure, null);
  assert.match(accepted.out!, /^accepted divergence \(--expect-divergence\)\ntool iteration 1 call 6: /);

  const markdown = readFileSync(join(corpus.dir, 'out/replay.md'), 'utf8');
  assert.match(markdown, /^# Replay of 12 recordings: PASS\n/);
  assert.match(markdown, /\| 10 \| 0 \| 2 \| 0 \| 0 \| [\d.]+ s \|/);
  assert.match(
    markdown,
    /## Accepted divergences \(--expect-divergence\) \(2\)\n\n### corpus\/tool-error-1\.jsonl\n\n```+\ntool iteration 1 call 6:/,
  );
  assert.doesNotMatch(markdown, /## Diverged/);
});

test('the JUnit report of a failing gate: each divergence a failure, an expected one that did not happen too', async () => {
  const run = await brainbench(
    ['replay', 'corpus', '--expect-divergence', 'race-1', '--expect-divergence', 'no-such-recording', '--junit', '-'],
    corpus.dir,
  );
  // An expected divergence that replayed as recorded fails the gate, as an unexpected one does.
  assert.equal(run.code, 1);
  assert.match(run.stderr, /UNCHANGED corpus\/race-1\.jsonl: expected to diverge, but replayed as recorded/);
  assert.match(run.stderr, /note: --expect-divergence no-such-recording names no recording of the corpus/);
  assert.match(run.stderr, /9 replayed, 2 diverged, 0 accepted, 1 expected but unchanged, 0 errors/);
  const junit = await parsedJunit(run.stdout);
  assert.equal(junit.error, null);
  assert.deepEqual([junit.tests, junit.failures, junit.errors], [12, 3, 0]);
  const byName = new Map(junit.cases.map((c) => [c.name, c]));
  assert.match(
    byName.get('corpus/tool-error-2.jsonl')!.failure!,
    /^diverged: tool iteration 1 call 6: expected the end/,
  );
  assert.match(byName.get('corpus/tool-error-2.jsonl')!.failureText!, /at .*tool\.js:11:/);
  assert.match(
    byName.get('corpus/race-1.jsonl')!.failure!,
    /expected to diverge \(--expect-divergence\), but replayed as recorded/,
  );
  assert.equal(byName.get('corpus/race-2.jsonl')!.failure, null);
});

test('what is not a corpus is said in one line, with exit codes 1 and 2', async () => {
  writeFileSync(join(corpus.dir, 'corpus', 'notes.jsonl'), '{"kind":"note"}\n');
  const named = await brainbench(['replay', 'corpus/notes.jsonl', 'corpus/tool-1.jsonl', '--junit', '-'], corpus.dir);
  assert.equal(named.code, 1);
  assert.match(named.stderr, /ERROR corpus\/notes\.jsonl: line 1: no header|ERROR corpus\/notes\.jsonl: .*header/);
  const junit = await parsedJunit(named.stdout);
  assert.deepEqual([junit.tests, junit.failures, junit.errors], [2, 0, 1]);
  // A folder's search takes only what starts as a recording.
  const folder = await brainbench(['replay', 'corpus', '--expect-divergence', 'tool-error-*'], corpus.dir);
  assert.equal(folder.code, 0, folder.stdout);
  const none = await brainbench(['replay', 'nowhere/*.jsonl'], corpus.dir);
  assert.equal(none.code, 1);
  // Standard error is a pipe here: the line is logged as JSON (--log-format auto).
  assert.equal(JSON.parse(none.stderr).message, 'nowhere/*.jsonl: matches no recording');
  const toTest = await brainbench(['replay', 'corpus', '--to-test', 'x'], corpus.dir);
  assert.equal(toTest.code, 2);
  assert.match(toTest.stderr, /--to-test takes one recording FILE, not a corpus/);
  const jobs = await brainbench(['replay', 'corpus', '-j', 'many'], corpus.dir);
  assert.equal(jobs.code, 2);
  assert.match(jobs.stderr, /-j\/--jobs: expected a whole number, got many/);
});
