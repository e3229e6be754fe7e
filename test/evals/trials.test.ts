// Trials on reused agent processes stay apart; a case added from a trial's recording runs as a
// case; the statistics are the textbook's.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { addCaseFromRecording } from '../../main/evals/add-case.ts';
import { passAtK, passHatK } from '../../main/evals/eval-statistics.ts';
import { readResultsPage } from '../../main/evals/results-reader.ts';
import { runEval } from '../../main/evals/run-eval.ts';
import { meanInterval, pairedTTest, tQuantile } from '../../main/evals/student-t.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import type { AgentSpawner } from '../../main/supervisor/agent-spawner.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-trials-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const CONFIG = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "alice.js"\n';

test('trials share agent processes but nothing else: no global, memory or inbox of one trial is seen by the next', async () => {
  const dir = folder({
    'omw.toml': CONFIG,
    // A global left by an earlier trial, or its memory or its message, would be seen here.
    'alice.js': `if (globalThis.seen) throw new Error('a global leaked');
globalThis.seen = true;
if (omw.host.memoryGet('mine') !== null && omw.host.memoryGet('mine') !== undefined) throw new Error('memory leaked');
omw.host.memorySet('mine', 'x');
const first = omw.host.recv();
if (omw.host.tryRecv()) throw new Error('an inbox leaked');
first.payload;
`,
    'cases.jsonl': ['a', 'b', 'c', 'd'].map((id) => JSON.stringify({ id, expected: `hi ${id}` })).join('\n'),
    'e.eval.toml':
      'config = "omw.toml"\ndataset = "cases.jsonl"\ntrials = 3\n[input.message]\nto = "alice"\npayload = "hi {{case.id}}"\n[[scorers]]\nkind = "equals"\n',
  });
  let spawned = 0;
  const counting: AgentSpawner = (entry, options) => {
    spawned++;
    return forkSpawner(entry, options);
  };
  const run = await runEval({
    evalFile: join(dir, 'e.eval.toml'),
    out: join(dir, 'r.jsonl'),
    jobs: 2,
    brainbench: 'test',
    spawner: counting,
    entry: agentEntry(),
  });
  assert.equal(run.trials.length, 12);
  assert.deepEqual(
    run.trials.filter((t) => t.verdict !== 'pass').map((t) => [t.case, t.outcome]),
    [],
  );
  assert.ok(spawned <= 2, `12 trials at -j 2 started ${spawned} processes`);
  // The workbench reads a results file a page at a time.
  const page = await readResultsPage(join(dir, 'r.jsonl'), 4, 3);
  assert.equal(page.total, 12);
  assert.deepEqual(
    page.rows.map((row) => `${row.case}#${row.trial}`),
    ['b#2', 'b#3', 'c#1'],
  );
  assert.equal(page.header.options.trials, 3);
});

test("a case added from a trial's recording is the input the agent had and the answer it gave", async () => {
  const dir = folder({
    'omw.toml': CONFIG,
    'alice.js': "const m = omw.host.recv().payload;\n`${omw.host.memoryGet('greeting')}, ${m}`;\n",
    'cases.jsonl': JSON.stringify({ id: 'one', input: { greeting: 'hello', name: 'Ada' } }) + '\n',
    'e.eval.toml':
      'config = "omw.toml"\ndataset = "cases.jsonl"\n[input.memory.alice]\ngreeting = "{{input.greeting}}"\n[input.message]\nto = "alice"\npayload = "{{input.name}}"\n',
  });
  const run = await runEval({ evalFile: join(dir, 'e.eval.toml'), out: join(dir, 'r.jsonl'), brainbench: 'test' });
  const recording = join(dir, run.trials[0]!.recording);
  const added = addCaseFromRecording({
    recording,
    dataset: join(dir, 'new.jsonl'),
    id: 'from-recording',
    tags: ['regression'],
  });
  assert.deepEqual(added.input, { greeting: 'hello', message: 'Ada' });
  assert.equal(added.expected, 'hello, Ada');
  assert.throws(
    () => addCaseFromRecording({ recording, dataset: join(dir, 'new.jsonl'), id: 'from-recording' }),
    /already has a case "from-recording"/,
  );
  // The new dataset runs as any: the case's answer is what the brain answers now.
  writeFileSync(
    join(dir, 'again.eval.toml'),
    'config = "omw.toml"\ndataset = "new.jsonl"\n[input.memory.alice]\ngreeting = "{{input.greeting}}"\n[input.message]\nto = "alice"\npayload = "{{input.message}}"\n[[scorers]]\nkind = "equals"\n',
  );
  const again = await runEval({
    evalFile: join(dir, 'again.eval.toml'),
    out: join(dir, 'again.jsonl'),
    brainbench: 'test',
  });
  assert.equal(again.trials[0]!.verdict, 'pass', JSON.stringify(again.trials[0]!.scores));
  addCaseFromRecording({ recording, dataset: join(dir, 'cases.csv'), id: 'csv', split: 'dev' });
  assert.equal(
    readFileSync(join(dir, 'cases.csv'), 'utf8'),
    'id,greeting,message,expected,tags,split\ncsv,hello,Ada,"hello, Ada",,dev\n',
  );
});

test('pass@k and pass^k, the t quantile, the interval and the paired test are the textbook values', () => {
  // 10 trials, 3 passed: pass@1 = 0.3, pass@2 = 1 - C(7,2)/C(10,2) = 1 - 21/45; pass^2 = C(3,2)/C(10,2) = 3/45.
  assert.ok(Math.abs(passAtK(10, 3, 1) - 0.3) < 1e-12);
  assert.ok(Math.abs(passAtK(10, 3, 2) - (1 - 21 / 45)) < 1e-12);
  assert.ok(Math.abs(passHatK(10, 3, 2) - 3 / 45) < 1e-12);
  assert.equal(passAtK(4, 0, 4), 0);
  assert.equal(passHatK(4, 4, 4), 1);
  assert.equal(passAtK(3, 1, 5), 1, 'k past n is n');
  // t(0.975) for 9 and 1 degrees of freedom: 2.262157 and 12.706205 (tables).
  assert.ok(Math.abs(tQuantile(0.975, 9) - 2.262157) < 1e-5);
  assert.ok(Math.abs(tQuantile(0.975, 1) - 12.706205) < 1e-4);
  const [low, high] = meanInterval([0.2, 0.4, 0.6, 0.8])!;
  const half = 3.182446 * (Math.sqrt(0.0666667) / 2);
  assert.ok(Math.abs(low - (0.5 - half)) < 1e-5 && Math.abs(high - Math.min(1, 0.5 + half)) < 1e-5);
  // Differences 1, 2, 3, 4, 5: t = 3 / (1.5811 / sqrt 5) = 4.2426, df 4, two-sided p = 0.01324.
  const paired = pairedTTest([1, 2, 3, 4, 5]);
  assert.ok(Math.abs(paired.t - 4.242641) < 1e-5);
  assert.equal(paired.df, 4);
  assert.ok(Math.abs(paired.p - 0.013236) < 1e-5);
  assert.equal(pairedTTest([0, 0, 0]).p, 1);
});

test('an endpoint request as input: its reply is the answer and ends the trial, though the brain would serve on', async () => {
  const dir = folder({
    'omw.toml': '[runtime.js]\nkind = "js"\n[agents.echo]\nruntime = "js"\nscript = "echo.js"\n',
    // It serves requests forever: only the reply to the trial's request ends the trial.
    'echo.js': `const subscription = omw.host.subscribeEndpoint('echo');
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.kind !== 'endpoint-message') continue;
  const { session, messages } = envelope.payload;
  for (const word of messages[messages.length - 1].content.split(' ')) omw.host.streamEndpoint(session, { content: word.toUpperCase() + ' ' });
  omw.host.streamEndpoint(session, { finishReason: 'stop' });
}
`,
    'cases.jsonl': JSON.stringify({ id: 'shout', input: { text: 'hello there' }, expected: 'HELLO THERE' }) + '\n',
    'e.eval.toml':
      'config = "omw.toml"\ndataset = "cases.jsonl"\n[input.endpoint]\nmodel = "echo"\nmessages = [{ content = "{{input.text}}" }]\n[end]\nmax_seconds = 20\n[[scorers]]\nkind = "equals"\n',
  });
  const otlp = join(dir, 'spans.jsonl');
  const run = await runEval({
    evalFile: join(dir, 'e.eval.toml'),
    out: join(dir, 'r.jsonl'),
    brainbench: 'test',
    otlp: { destination: { file: otlp }, content: false },
  });
  const [trial] = run.trials;
  assert.deepEqual(trial!.outcome, { kind: 'reply', text: 'HELLO THERE ' });
  assert.equal(trial!.verdict, 'pass');
  assert.ok(trial!.durationMs < 15_000, 'the reply ended it, not the time budget');
  // The live trial's spans went to the OTLP file, as `brainbench run --otlp-file` writes them.
  const spans = readFileSync(otlp, 'utf8')
    .trim()
    .split('\n')
    .flatMap(
      (line) =>
        (JSON.parse(line) as { resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[] }).resourceSpans,
    )
    .flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => span.name)));
  assert.ok(spans.includes('invoke_agent echo'), spans.join(', '));
});

test('a looping agent: the trial ends at its exit, or at max_iterations as a budget result', async () => {
  const dir = folder({
    'omw.toml': CONFIG,
    // Counts its iterations in memory and exits at the count the case asks for.
    'alice.js':
      "const n = Number(omw.host.memoryGet('n') ?? '0') + 1;\nomw.host.memorySet('n', String(n));\nn >= Number(omw.host.memoryGet('until')) ? `done after ${n}` : undefined;\n",
    'cases.jsonl':
      [JSON.stringify({ id: 'three', input: { until: 3 } }), JSON.stringify({ id: 'many', input: { until: 50 } })].join(
        '\n',
      ) + '\n',
    'e.eval.toml':
      'config = "omw.toml"\ndataset = "cases.jsonl"\n[input.memory.alice]\nuntil = "{{input.until}}"\n[end]\nloop = true\nmax_iterations = 5\n',
  });
  const run = await runEval({ evalFile: join(dir, 'e.eval.toml'), out: join(dir, 'r.jsonl'), brainbench: 'test' });
  const [three, many] = run.trials;
  assert.deepEqual(three!.outcome, { kind: 'exited', agent: 'alice', text: 'done after 3' });
  assert.equal(many!.outcome.kind, 'budget');
  assert.equal(many!.outcome.budget, 'max_iterations');
  assert.match(many!.outcome.reason!, /^5 iterations ran: max_iterations = 5$/);
});
