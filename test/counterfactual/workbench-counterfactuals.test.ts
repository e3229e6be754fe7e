// The workbench's counterfactual API on a real Workbench: a folder of recordings made from the
// examples replayed after a planted change (exactly the recordings that took the changed path
// diverge, at the planted line), with a progress event per recording and a Cancel that keeps what
// ran; chaos on a recorded tool-using run, its Cancel, and Save as test writing the test
// `brainbench chaos --save` writes (it fails while the brain lacks the error check); k recordings
// aligned where they split. And the hostile side: folders outside the workspace or reached
// through a link, a linked recording, a recording whose agent name is a path, tests outside.

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type {
  ChaosProgressView,
  ChaosView,
  CorpusProgressView,
  CorpusReplayView,
  SplitView,
} from '../../contract/counterfactual-views.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { brainbench } from './brainbench-cli.ts';
import { exampleCorpus, type ExampleCorpus } from './example-corpus.ts';

let nextId = 1;

async function ask(workbench: Workbench, method: string, ...params: unknown[]): Promise<unknown> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}

async function refusal(workbench: Workbench, method: string, ...params: unknown[]): Promise<string> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  assert.equal(answer.ok, false, `${method} ${JSON.stringify(params)} is refused`);
  assert.doesNotMatch(answer.error!, /\n/, 'one line');
  return answer.error!;
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('corpus replay and where trials split, in the workbench', { timeout: 300_000 }, () => {
  let corpus: ExampleCorpus;
  let workbench: Workbench;
  const progress: CorpusProgressView[] = [];

  before(async () => {
    corpus = await exampleCorpus(2);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    workbench.subscribe((event) => {
      if (event.type === 'corpus-progress') progress.push(event.progress);
    });
    await workbench.open(corpus.dir);
  });
  after(async () => {
    await workbench?.close();
  });

  it('replays a folder after a planted change: exactly the recordings that took the changed path diverge, at its line', async () => {
    const file = join(corpus.dir, 'tool.js');
    const lines = readFileSync(file, 'utf8').split('\n');
    assert.match(lines[10]!, /if \(envelope\.kind === 'error'\) throw new Error\(envelope\.payload\);/);
    lines[10] = "  if (envelope.kind === 'error') { calc.callToolBlocking('add', { a: 3, b: 4 }); continue; }";
    writeFileSync(file, lines.join('\n'));
    progress.length = 0;
    const view = (await ask(workbench, 'replayCorpus', 'corpus', [])) as CorpusReplayView;
    assert.equal(view.entries.length, 12);
    const diverged = view.entries.filter((entry) => entry.status === 'diverged').map((entry) => entry.path);
    assert.deepEqual(diverged, ['corpus/tool-error-1.jsonl', 'corpus/tool-error-2.jsonl']);
    assert.equal(view.entries.filter((entry) => entry.status === 'replayed').length, 10);
    const divergence = view.entries.find((entry) => entry.status === 'diverged')!.agents[0]!;
    assert.match(divergence.divergenceText!, /tool iteration 1 call 6: expected the end of the iteration/);
    assert.equal(divergence.divergence!.position?.line, 11);
    assert.equal(view.summary.pass, false);
    // One event to start, one per recording in order, one at the end.
    assert.deepEqual(
      progress.map((p) => p.done),
      [0, ...Array.from({ length: 12 }, (_, i) => i + 1), 12],
    );
    assert.deepEqual(
      progress.flatMap((p) => (p.entry ? [p.entry.index] : [])),
      [...Array(12).keys()],
    );
    assert.equal(progress.at(-1)!.ended, 'finished');
    // Each result opens as a recording of the workspace.
    const opened = (await ask(workbench, 'openRecording', diverged[0])) as { agents: { name: string }[] };
    assert.deepEqual(
      opened.agents.map((agent) => agent.name),
      ['tool'],
    );

    const accepted = (await ask(workbench, 'replayCorpus', 'corpus', [
      'tool-error-*',
      'nothing-*',
    ])) as CorpusReplayView;
    assert.deepEqual(
      accepted.entries.filter((entry) => entry.status === 'accepted').map((entry) => entry.label),
      ['corpus/tool-error-1.jsonl', 'corpus/tool-error-2.jsonl'],
    );
    assert.deepEqual(accepted.unmatchedExpectations, ['nothing-*']);
  });

  it('cancels a corpus replay: what ran is kept, the rest is not run, and the next one starts', async () => {
    progress.length = 0;
    const running = ask(workbench, 'replayCorpus', 'corpus', []) as Promise<CorpusReplayView>;
    await until(() => progress.some((p) => p.entry));
    assert.match(await refusal(workbench, 'replayCorpus', 'corpus', []), /a corpus replay is running \(corpus\)/);
    assert.equal(await ask(workbench, 'cancelCorpusReplay'), true);
    const view = await running;
    assert.equal(progress.at(-1)!.ended, 'cancelled');
    assert.ok(view.entries.length >= 1 && view.entries.length < 12, `${view.entries.length} of 12`);
    assert.ok(
      view.entries.every((entry) => entry.status !== 'error'),
      'nothing kept was cut off by the cancel',
    );
    assert.equal(view.summary.recordings, view.entries.length);
    assert.equal(await ask(workbench, 'cancelCorpusReplay'), false);
    const again = (await ask(workbench, 'replayCorpus', 'corpus', [])) as CorpusReplayView;
    assert.equal(again.entries.length, 12);
  });

  it('hostile: folders outside the workspace or through a link, linked recordings, bad names', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'brainbench-outside-'));
    cpSync(join(corpus.corpus, 'tool-1.jsonl'), join(outside, 'stolen.jsonl'));
    symlinkSync(outside, join(corpus.dir, 'linked'));
    mkdirSync(join(corpus.dir, 'mixed'));
    cpSync(join(corpus.corpus, 'timers-1.jsonl'), join(corpus.dir, 'mixed/timers-1.jsonl'));
    symlinkSync(join(outside, 'stolen.jsonl'), join(corpus.dir, 'mixed/stolen.jsonl'));
    mkdirSync(join(corpus.dir, 'empty'));
    assert.match(
      await refusal(workbench, 'replayCorpus', '..', []),
      /cannot replay "\.\.": it is outside the workspace/,
    );
    assert.match(await refusal(workbench, 'replayCorpus', outside, []), /it is outside the workspace/);
    assert.match(await refusal(workbench, 'replayCorpus', 'linked', []), /cannot replay "linked": it is outside/);
    assert.match(await refusal(workbench, 'replayCorpus', 'omw.toml', []), /it is a file, not a folder/);
    assert.match(await refusal(workbench, 'replayCorpus', 'nowhere', []), /cannot replay "nowhere": no such folder/);
    assert.match(await refusal(workbench, 'replayCorpus', 'empty', []), /^empty: the folder holds no recording/);
    // A link to a recording outside, inside the folder, is not followed.
    const mixed = (await ask(workbench, 'replayCorpus', 'mixed', [])) as CorpusReplayView;
    assert.deepEqual(
      mixed.entries.map((entry) => entry.path),
      ['mixed/timers-1.jsonl'],
    );
    assert.match(
      await refusal(workbench, 'splitRecordings', ['corpus/tool-1.jsonl', 'linked/stolen.jsonl']),
      /cannot read "linked\/stolen\.jsonl"/,
    );
    assert.match(await refusal(workbench, 'splitRecordings', ['corpus/tool-1.jsonl', 'omw.toml']), /^omw\.toml: /);
  });
});

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

/** Its blocking call is not guarded: a failing tool is a brain error. */
const ADDER = `const calc = omw.tooling.get('calc');
const text = (result) => result.content[0]?.text ?? 'empty';
const first = text(calc.callToolBlocking('add', { a: 1, b: 2 }));
const call = calc.callTool('add', { a: 3, b: 4 });
let second;
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id === call && envelope.kind === 'tool-result') { second = text(envelope.payload); break; }
}
\`1+2=\${first}, 3+4=\${second}\`;
`;

/** Its second call's arguments come from the first call's answer: trials whose tool answers differ split there. */
const SPLITTER = `const calc = omw.tooling.get('calc');
const first = calc.callToolBlocking('add', { a: 1, b: 2 }).content[0].text;
calc.callToolBlocking('add', { a: Number(first), b: 1 });
'done';
`;

const trialConfig = (first: string) =>
  CONFIG.replace('[agents.adder]', '[agents.splitter]')
    .replace('adder.js', 'splitter.js')
    .replace('result = "3" }, { name = "add", result = "7" }', `result = "${first}" }, { name = "add", result = "9" }`);

describe('chaos in the workbench', { timeout: 300_000 }, () => {
  let dir: string;
  let workbench: Workbench;
  const progress: ChaosProgressView[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brainbench-wb-chaos-'));
    writeFileSync(join(dir, 'omw.toml'), CONFIG);
    writeFileSync(join(dir, 'adder.js'), ADDER);
    const run = await brainbench(['run', '--record', 'run.jsonl'], dir);
    assert.equal(run.code, 0, run.stderr);
    // The same run, its agent named as a path.
    writeFileSync(
      join(dir, 'hostile.jsonl'),
      readFileSync(join(dir, 'run.jsonl'), 'utf8').replaceAll('"adder"', '"../../evil"'),
    );
    // Four trials of one case; the third one's tool answered otherwise.
    writeFileSync(join(dir, 'splitter.js'), SPLITTER);
    for (const [trial, first] of [
      [1, '3'],
      [2, '3'],
      [3, '5'],
      [4, '3'],
    ] as const) {
      writeFileSync(join(dir, 'trial.toml'), trialConfig(first));
      const recorded = await brainbench(['run', '--config', 'trial.toml', '--record', `trial-${trial}.jsonl`], dir);
      assert.equal(recorded.code, 0, recorded.stderr);
    }
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    workbench.subscribe((event) => {
      if (event.type === 'chaos-progress') progress.push(event.progress);
    });
    await workbench.open(dir);
  });
  after(async () => {
    await workbench?.close();
  });

  it('runs chaos with its progress; Save as test writes the test the command line saves, failing until the brain is fixed', async () => {
    const view = (await ask(workbench, 'runChaos', 'run.jsonl', 1, null)) as ChaosView;
    assert.deepEqual(
      view.entries.map((entry) => `${entry.mutation} -> ${entry.effect}`),
      [
        'tool-error at adder iteration 1 call 2 (calc.add) -> brain-error',
        'tool-timeout at adder iteration 1 call 2 (calc.add) -> brain-error',
        'tool-empty at adder iteration 1 call 2 (calc.add) -> different',
        'tool-error at adder iteration 1 call 4 (queued add) -> hang',
        'tool-timeout at adder iteration 1 call 4 (queued add) -> hang',
        'tool-empty at adder iteration 1 call 4 (queued add) -> different',
      ],
    );
    assert.equal(progress[0]!.of, 0, 'the first event comes before any mutation');
    assert.equal(progress.filter((p) => p.entry).length, 6);
    assert.equal(progress.at(-1)!.ended, 'finished');

    const saved = (await ask(
      workbench,
      'saveChaosTest',
      'run.jsonl',
      { kind: 'tool-error', agent: 'adder', iteration: 1, call: 2 },
      'tests/adder-tool-error',
    )) as { dir: string; files: string[] };
    assert.equal(saved.dir, 'tests/adder-tool-error');
    const cli = await brainbench(
      ['chaos', 'run.jsonl', '--kinds', 'tool-error', '--timeout', '4', '--save', 'cli'],
      dir,
    );
    assert.equal(cli.code, 1, cli.stderr);
    const cliFolder = join(dir, 'cli/adder-tool-error-1-2');
    const ours = join(dir, saved.dir);
    assert.deepEqual(readdirSync(ours).sort(), readdirSync(cliFolder).sort());
    const comparable = (text: string) => text.replace(/^# Written by .*\n/m, '');
    for (const name of readdirSync(cliFolder))
      assert.equal(
        comparable(readFileSync(join(ours, name), 'utf8')),
        comparable(readFileSync(join(cliFolder, name), 'utf8')),
        name,
      );
    const test = await brainbench(['test', saved.dir], dir);
    assert.equal(test.code, 1, test.stdout + test.stderr);
    assert.match(test.stdout, /agent "adder" failed: .*adder\.js:3:\d+: TypeError: chaos: the tool failed/);
  });

  it('aligns k trials at the call they split on, and the answer that split them', async () => {
    const paths = ['trial-1.jsonl', 'trial-2.jsonl', 'trial-3.jsonl', 'trial-4.jsonl'];
    const view = (await ask(workbench, 'splitRecordings', paths)) as SplitView;
    assert.deepEqual(view.recordings, paths);
    const agent = view.agents.find((one) => one.agent === 'splitter')!;
    assert.equal(agent.split?.call, agent.agreed + 1);
    assert.deepEqual(
      agent.split!.groups.map((group) => group.members),
      [[0, 1, 3], [2]],
    );
    assert.deepEqual(
      agent.cause!.groups.map((group) => group.members),
      [[0, 1, 3], [2]],
    );
    assert.equal(agent.cause!.op, 'tooling.call-tool-blocking');
    assert.match(view.text, /trial-3\.jsonl: tooling\.call-tool-blocking\("calc", "add", "\{\\"a\\":5,\\"b\\":1\}"\)/);
  });

  it('cancels a chaos run: the mutations done are kept, the hangs are not waited for', async () => {
    progress.length = 0;
    const running = ask(workbench, 'runChaos', 'run.jsonl', 1, null) as Promise<ChaosView>;
    // Three done: the two queued-call mutations that hang (for the 10 s timeout) are running now.
    await until(() => progress.filter((p) => p.entry).length >= 3);
    assert.match(await refusal(workbench, 'runChaos', 'run.jsonl', 1, null), /a chaos run is running \(run\.jsonl\)/);
    const cancelled = Date.now();
    assert.equal(await ask(workbench, 'cancelChaos'), true);
    const view = await running;
    const waited = Date.now() - cancelled;
    assert.equal(progress.at(-1)!.ended, 'cancelled');
    assert.ok(view.entries.length >= 3 && view.entries.length < 6, `${view.entries.length} of 6`);
    assert.ok(
      view.entries.every((entry) => entry.effect !== 'hang'),
      'no hang was waited for',
    );
    assert.equal(view.offered, 6);
    assert.ok(waited < 5_000, `the running hangs end with the cancel, not at their 10 s timeout: ${waited} ms`);
  });

  it('hostile: a recording whose agent is named as a path, tests outside, unknown kinds, paths outside', async () => {
    const named = /^hostile\.jsonl: line 1: "\.\.\/\.\.\/evil" cannot name an agent: it holds "\/", a path separator$/;
    assert.match(await refusal(workbench, 'runChaos', 'hostile.jsonl', 1, null), named);
    const mutation = { kind: 'tool-error', agent: '../../evil', iteration: 1, call: 2 };
    assert.match(await refusal(workbench, 'saveChaosTest', 'hostile.jsonl', mutation, 'tests/evil'), named);
    assert.match(await refusal(workbench, 'splitRecordings', ['run.jsonl', 'hostile.jsonl']), named);
    assert.match(
      await refusal(workbench, 'saveChaosTest', 'run.jsonl', mutation, 'tests/evil'),
      /the workspace has no agent "\.\.\/\.\.\/evil"/,
    );
    const good = { kind: 'tool-error', agent: 'adder', iteration: 1, call: 2 };
    assert.match(
      await refusal(workbench, 'saveChaosTest', 'run.jsonl', good, '../outside-test'),
      /cannot create "\.\.\/outside-test": it is outside the workspace/,
    );
    assert.match(
      await refusal(workbench, 'saveChaosTest', 'run.jsonl', { ...good, kind: 'rm -rf' }, 'tests/x'),
      /no mutation kind "rm -rf"/,
    );
    assert.match(
      await refusal(workbench, 'saveChaosTest', 'run.jsonl', { ...good, call: 9 }, 'tests/x'),
      /run\.jsonl offers no tool-error mutation at adder iteration 1 call 9/,
    );
    assert.match(
      await refusal(workbench, 'runChaos', '/etc/passwd', 1, null),
      /cannot read "\/etc\/passwd": it is outside/,
    );
    assert.match(await refusal(workbench, 'runChaos', 'omw.toml', 1, null), /^omw\.toml: /);
  });
});
