// Code scorers in their sandbox, many trials per message to it: every trial still gets its own
// verdict from its own values, with nothing left over from the trial before; a script that throws,
// spins or eats memory on one trial gives that trial its error and loses none of the others; and
// the trials do travel in batches, while live judges are still asked -j at a time.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { rescore } from '../../main/evals/rescore.ts';
import { runEval } from '../../main/evals/run-eval.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import type { AgentSpawner } from '../../main/supervisor/agent-spawner.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { startModelServer } from './seeded-model-server.ts';

const CASES = 60;
const BROKEN: Record<number, string> = { 7: 'throw', 23: 'spin', 41: 'hog' };

// Every fifth trial writes to memory, which its sandbox must see (that call goes to the host); a
// global or memory left by the trial before fails the next.
const SCORER = `if (globalThis.seen) throw new Error('a global leaked from the trial before');
globalThis.seen = true;
if (omw.host.memoryGet('note') !== undefined) throw new Error('memory leaked from the trial before');
const c = omw.host.memoryGetAs('case');
const outcome = omw.host.memoryGetAs('outcome');
const calls = omw.host.memoryGetAs('trace').filter((e) => e.kind === 'call').length;
if (c.input.broken === 'throw') throw new Error('broken on purpose');
if (c.input.broken === 'spin') for (;;) {}
if (c.input.broken === 'hog') { const all = []; for (;;) all.push(new Array(100000).fill(c.id)); }
if (c.input.n % 5 === 0) {
  omw.host.memorySet('note', 'x');
  if (omw.host.memoryGet('note') !== 'x') throw new Error('memory not written');
}
({ score: c.input.n / 100, reason: outcome.text + ' ' + calls });
`;

function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-code-scorer-'));
  const files: Record<string, string> = {
    'omw.toml': '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "alice.js"\n',
    'alice.js': "omw.host.memoryGet('n');\n`answer ${omw.host.recv().payload}`;\n",
    'cases.jsonl': Array.from({ length: CASES }, (_, n) =>
      JSON.stringify({ id: `c${n}`, input: { n, ...(BROKEN[n] ? { broken: BROKEN[n] } : {}) } }),
    ).join('\n'),
    'e.eval.toml':
      'config = "omw.toml"\ndataset = "cases.jsonl"\n[input.message]\nto = "alice"\npayload = "{{input.n}}"\n[[scorers]]\nkind = "regex"\npattern = "^answer"\n',
    'scorer.js': SCORER,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(
    join(dir, 'scored.eval.toml'),
    `${files['e.eval.toml']}[[scorers]]\nname = "mine"\nkind = "code"\nruntime = "js"\nscript = "scorer.js"\n`,
  );
  return dir;
}

test('a rescore with a code scorer: each trial its own verdict, the broken ones their own errors, in batches', async () => {
  const dir = workspace();
  const results = join(dir, 'r.jsonl');
  const run = await runEval({ evalFile: join(dir, 'e.eval.toml'), out: results, jobs: 2, brainbench: 'test' });
  assert.equal(run.trials.length, CASES);

  const commands = new Map<string, number>();
  const counting: AgentSpawner = (entry, options) => {
    const channel = forkSpawner(entry, options);
    return {
      get pid() {
        return channel.pid;
      },
      send(message) {
        const kind = (message as { t: string }).t;
        commands.set(kind, (commands.get(kind) ?? 0) + 1);
        channel.send(message);
      },
      onMessage: (listener) => channel.onMessage(listener),
      onExit: (listener) => channel.onExit(listener),
      kill: () => channel.kill(),
    };
  };
  const rescored = await rescore({
    results,
    evalFile: join(dir, 'scored.eval.toml'),
    jobs: 2,
    spawner: counting,
    entry: agentEntry(),
  });

  const mine = rescored.trials.map((trial) => trial.scores.find((score) => score.scorer === 'mine')!);
  for (let n = 0; n < CASES; n++) {
    const line = mine[n]!;
    if (BROKEN[n] === 'throw') assert.match(line.error ?? '', /scorer "mine" .*broken on purpose/, `c${n}`);
    else if (BROKEN[n] === 'spin')
      assert.match(
        line.error ?? '',
        /scorer "mine" failed: scorer.js: brain computed for more than 5000 ms without calling the host/,
        `c${n}: ${line.error}`,
      );
    else if (BROKEN[n] === 'hog') assert.match(line.error ?? '', /scorer "mine" .*memory/i, `c${n}: ${line.error}`);
    else {
      assert.equal(line.error, undefined, `c${n}: ${line.error}`);
      assert.equal(line.score, n / 100, `c${n}`);
      // The calls in the trace it was given: omw traces the brain's recv.
      assert.equal(line.reason, `answer ${n} ${1}`, `c${n}`);
    }
  }
  assert.equal(rescored.trials.filter((trial) => trial.verdict === 'error').length, 3);
  // Batches: far fewer commands than trials went to the scorer's processes.
  const sent = (commands.get('run') ?? 0) + (commands.get('replay') ?? 0);
  assert.ok(sent < CASES / 2, `${sent} commands for ${CASES} trials: ${JSON.stringify([...commands])}`);
});

test('a sandbox process that dies in the middle of a batch loses no trial and blames none', async () => {
  const dir = workspace();
  const results = join(dir, 'r.jsonl');
  await runEval({ evalFile: join(dir, 'e.eval.toml'), out: results, jobs: 1, brainbench: 'test' });
  // The first scorer process is killed once it has reported ten trials scored.
  let killed = false;
  let scored = 0;
  const killing: AgentSpawner = (entry, options) => {
    const channel = forkSpawner(entry, options);
    return {
      ...channel,
      get pid() {
        return channel.pid;
      },
      send: (message) => channel.send(message),
      onMessage(listener) {
        channel.onMessage((message) => {
          const entries = (message as { t: string; entries?: { kind: string }[] }).entries ?? [];
          scored += entries.filter((entry) => entry.kind === 'iterated').length;
          if (!killed && scored >= 10) {
            killed = true;
            channel.kill();
          }
          listener(message);
        });
      },
    };
  };
  const rescored = await rescore({
    results,
    evalFile: join(dir, 'scored.eval.toml'),
    jobs: 1,
    spawner: killing,
    entry: agentEntry(),
  });
  assert.ok(killed, 'the process was killed in a batch');
  for (let n = 0; n < CASES; n++) {
    if (BROKEN[n]) continue;
    const line = rescored.trials[n]!.scores.find((score) => score.scorer === 'mine')!;
    assert.equal(line.error, undefined, `c${n}: ${line.error}`);
    assert.equal(line.score, n / 100, `c${n}`);
  }
});

test('a rescore keeps many trials in flight for its code scorers, but asks live judges -j at a time', async () => {
  const dir = workspace();
  const results = join(dir, 'r.jsonl');
  await runEval({ evalFile: join(dir, 'e.eval.toml'), out: results, jobs: 2, brainbench: 'test' });
  const server = await startModelServer(() => ({ content: '{"score": 1, "reason": "fine"}' }), 0, 30);
  try {
    writeFileSync(
      join(dir, 'omw.toml'),
      `${readFileSync(join(dir, 'omw.toml'), 'utf8')}[providers.grader]\nkind = "openai"\nbase_url = "${server.origin}/v1"\napi_key = "k"\nmodel = "judge-model"\nmax_retries = 0\n`,
    );
    writeFileSync(
      join(dir, 'judged.eval.toml'),
      `${readFileSync(join(dir, 'e.eval.toml'), 'utf8')}[[scorers]]\nname = "graded"\nkind = "judge"\nprovider = "grader"\nrubric = "Fine?"\n`,
    );
    const rescored = await rescore({ results, evalFile: join(dir, 'judged.eval.toml'), jobs: 2, entry: agentEntry() });
    assert.equal(rescored.judges.live, CASES);
    assert.equal(server.requests.get('judge-model'), CASES);
    assert.ok(server.mostAtOnce <= 2, `${server.mostAtOnce} judge calls at once at -j 2`);
  } finally {
    await server.close();
  }
});
