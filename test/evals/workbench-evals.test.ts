// The workbench's Evals API on a real Workbench over a copy of examples/evals: a run with its
// progress events and a cancel, a results file read in chunks and a trial read from its offset,
// its recording opened, a comparison, Add to dataset; and the hostile side: results files that lie
// (recordings outside their folder, broken lines, offsets in the middle of a line), paths outside
// the workspace, an untrusted workspace.

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import type { EvalProgressView, ResultsChunk, TrialCell } from '../../contract/eval-views.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { TrustStore } from '../../main/trust/trust-store.ts';
import { WorkspaceTrust } from '../../main/trust/workspace-trust.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const REPO = join(import.meta.dirname, '../..');

let dir: string;
let workspace: string;
let workbench: Workbench;
const progress: EvalProgressView[] = [];
let nextId = 1;

async function ask(method: string, ...params: unknown[]): Promise<unknown> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}

async function refusal(method: string, ...params: unknown[]): Promise<string> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  assert.equal(answer.ok, false, `${method} ${JSON.stringify(params)} is refused`);
  return answer.error!;
}

async function allCells(path: string): Promise<TrialCell[]> {
  const cells: TrialCell[] = [];
  let chunk = (await ask('evalResults', path, null)) as ResultsChunk;
  cells.push(...chunk.cells);
  while (chunk.next) {
    chunk = (await ask('evalResults', path, chunk.next)) as ResultsChunk;
    cells.push(...chunk.cells);
  }
  return cells;
}

const HEADER = {
  kind: 'header',
  format: 'brainbench-eval-results',
  version: 1,
  brainbench: 'test',
  createdAt: 1,
  eval: { file: 'x.eval.toml', sha256: '', scorers: [{ name: 'equals', kind: 'equals' }] },
  config: { file: 'omw.toml', sha256: '' },
  dataset: { file: 'cases.jsonl', sha256: '', cases: 1 },
  brains: {},
  options: { trials: 1, filter: [] },
  seed: 0,
  selected: 1,
  shard: null,
};

const trialLine = (id: string, index: number, trial: number, verdict: string, recording: string) =>
  JSON.stringify({
    kind: 'trial',
    case: id,
    caseIndex: index,
    trial,
    tags: ['t'],
    outcome: { kind: 'exited', text: 'x' },
    scores: [],
    score: verdict === 'pass' ? 1 : 0,
    verdict,
    usage: { tokens: { prompt: 1, completion: 1, total: 2 }, cost: { amounts: { USD: 0.5 }, unpriced: 0 } },
    durationMs: 3,
    recording,
    input: {},
  });

describe('the workbench Evals API', () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brainbench-evals-'));
    workspace = join(dir, 'ws');
    cpSync(join(REPO, 'examples/evals'), workspace, { recursive: true });
    const trust = new WorkspaceTrust(TrustStore.forUser(), [workspace]);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), trust });
    workbench.subscribe((event) => {
      if (event.type === 'eval-progress') progress.push(event.progress);
    });
    await workbench.open(workspace);
  });
  after(async () => {
    await workbench.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let first: string;

  it('runs an eval with its progress, lists it, and reads it back in chunks', async () => {
    first = (await ask('runEval', 'qa.eval.toml', { trials: 2, filter: ['tag:capital'] })) as string;
    assert.match(first, /^\.brainbench\/evals\/qa-.*\.results\.jsonl$/);
    const dones = progress.map((p) => p.done);
    const total = progress.at(-1)!.total;
    assert.ok(total > 0 && total % 2 === 0, `two trials a case: ${total}`);
    assert.deepEqual(dones.slice(1), [...Array(total).keys()].map((i) => i + 1).concat(total));
    assert.equal(progress.at(-1)!.ended, 'finished');
    const files = (await ask('evalFiles')) as { evals: string[]; datasets: string[]; results: { path: string }[] };
    assert.deepEqual(files.evals, ['qa-openai.eval.toml', 'qa.eval.toml']);
    assert.deepEqual(files.datasets, ['cases.jsonl']);
    assert.equal(files.results[0]!.path, first);
    const cells = await allCells(first);
    assert.equal(cells.length, total);
    assert.ok(cells.every((c) => c.tags.includes('capital')));
    assert.ok(
      cells.some((c) => c.verdict === 'fail'),
      'the example has a failing capital (Australia)',
    );
    const failing = cells.find((c) => c.verdict === 'fail')!;
    const detail = (await ask('evalTrial', first, failing.at)) as { case: string; recording: string; trial: number };
    assert.equal(detail.case, failing.case);
    assert.equal(detail.trial, failing.trial);
    const opened = (await ask('openRecording', detail.recording)) as { agents: { name: string }[] };
    assert.deepEqual(
      opened.agents.map((a) => a.name),
      ['assistant'],
    );
  });

  it('stops a run on cancel, keeping the trials that ran', async () => {
    progress.length = 0;
    const running = ask('runEval', 'qa.eval.toml', { trials: 3, filter: [] }) as Promise<string>;
    while (progress.filter((p) => p.done > 0).length === 0) await new Promise((r) => setTimeout(r, 20));
    assert.match(await refusal('runEval', 'qa.eval.toml', { trials: 1, filter: [] }), /an eval is running/);
    assert.equal(await ask('cancelEval'), true);
    const results = await running;
    const last = progress.at(-1)!;
    assert.equal(last.ended, 'cancelled');
    assert.ok(last.done < last.total, `${last.done} of ${last.total}`);
    assert.equal((await allCells(results)).length, last.done);
    assert.equal(await ask('cancelEval'), false);
  });

  it('compares two results files, regressions first', async () => {
    const second = (await ask('runEval', 'qa.eval.toml', { trials: 1, filter: ['tag:capital'] })) as string;
    const view = (await ask('compareEvalResults', first, second)) as {
      cases: { case: string; status: string; base: { verdicts: string }; candidate: { verdicts: string } }[];
    };
    assert.ok(view.cases.length > 0);
    assert.ok(view.cases.every((c) => c.base.verdicts.length === 2 && c.candidate.verdicts.length === 1));
    // The host keeps parsed files for the next comparison, but reads one that changed again.
    const file = join(workspace, second);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);
    const again = (await ask('compareEvalResults', first, second)) as { cases: unknown[]; onlyInBase: string[] };
    assert.equal(again.cases.length, view.cases.length - 1);
    assert.equal(again.onlyInBase.length, 1);
  });

  it('adds a case to a dataset from a trial’s recording, refusing a taken id', async () => {
    const cells = await allCells(first);
    const detail = (await ask('evalTrial', first, cells[0]!.at)) as { recording: string };
    const added = (await ask('addEvalCase', detail.recording, 'more/cases.jsonl', 'new-case', null, null, null)) as {
      dataset: string;
      input: { message: string };
      expected: string;
    };
    assert.equal(added.dataset, 'more/cases.jsonl');
    assert.equal(added.input.message, 'What is the capital of France?');
    assert.equal(added.expected, 'Paris');
    const line = JSON.parse(readFileSync(join(workspace, 'more/cases.jsonl'), 'utf8').trim()) as { id: string };
    assert.equal(line.id, 'new-case');
    assert.equal(
      await refusal('addEvalCase', detail.recording, 'more/cases.jsonl', 'new-case', null, null, null),
      'more/cases.jsonl already has a case "new-case"',
    );
    assert.match(
      await refusal('addEvalCase', detail.recording, '../outside.jsonl', 'x', null, null, null),
      /cannot create "..\/outside.jsonl": it is outside the workspace/,
    );
    assert.match(
      await refusal('addEvalCase', '/etc/passwd', 'more/cases.jsonl', 'y', null, null, null),
      /cannot read "\/etc\/passwd": it is outside the workspace/,
    );
  });

  it('adds a case from a live iteration: the message that iteration received, its answer', async () => {
    for (const question of ['What is the capital of Peru?', 'What is the capital of Chile?']) {
      await ask('inject', 'assistant', { kind: 'message', data: question });
      await ask('step', 'assistant');
    }
    const status = workbench.workspace().agents.find((a) => a.name === 'assistant')!.status;
    assert.equal(status.iteration, 2);
    // The example's mock tool answers once: the second iteration failed, and has no answer.
    const second = (await ask('addEvalCase', null, 'live.jsonl', 'chile', 'assistant', status.iteration, null)) as {
      input: { message: string };
      expected?: unknown;
    };
    assert.equal(second.input.message, 'What is the capital of Chile?');
    assert.equal(second.expected, undefined);
    const first = (await ask('addEvalCase', null, 'live.jsonl', 'peru', 'assistant', 1, null)) as {
      input: { message: string };
      expected?: unknown;
    };
    assert.equal(first.input.message, 'What is the capital of Peru?');
    assert.equal(first.expected, '{{input.model_answer}}', 'the mock turn unfilled: no case ran it');
    assert.equal(
      await refusal('addEvalCase', null, 'live.jsonl', 'later', 'assistant', 9, null),
      '.brainbench/session.jsonl has no iteration 9 of assistant',
    );
  });

  it('refuses results files that lie, and paths outside the workspace', async () => {
    writeFileSync(join(dir, 'secret.results.jsonl'), `${JSON.stringify(HEADER)}\n`);
    writeFileSync(
      join(workspace, 'lying.results.jsonl'),
      `${JSON.stringify(HEADER)}\n${trialLine('a', 0, 1, 'pass', '../../secret.results.jsonl')}\n`,
    );
    const cells = await allCells('lying.results.jsonl');
    assert.equal(cells.length, 1);
    assert.match(
      await refusal('evalTrial', 'lying.results.jsonl', cells[0]!.at),
      /is outside lying\.results\.jsonl\.recordings\//,
    );
    assert.match(await refusal('evalTrial', 'lying.results.jsonl', cells[0]!.at + 3), /no trial line starts at byte/);
    assert.match(await refusal('evalTrial', 'lying.results.jsonl', 5), /no trial line starts at byte 5/);
    writeFileSync(
      join(workspace, 'broken.results.jsonl'),
      `${JSON.stringify(HEADER)}\n${trialLine('a', 0, 1, 'pass', 'r.jsonl')}\n{"kind":"trial","case":7}\n`,
    );
    assert.equal(
      await refusal('evalResults', 'broken.results.jsonl', null),
      'broken.results.jsonl: line 3: no case id',
    );
    writeFileSync(
      join(workspace, 'many.results.jsonl'),
      `${JSON.stringify(HEADER)}\n${trialLine('a', 0, 1_000_000_000, 'pass', 'r.jsonl')}\n`,
    );
    assert.equal(
      await refusal('evalResults', 'many.results.jsonl', null),
      'many.results.jsonl: line 2: trial 1000000000 is past the 10000 the view shows',
    );
    writeFileSync(join(workspace, 'notours.results.jsonl'), 'hello\n');
    assert.match(await refusal('evalResults', 'notours.results.jsonl', null), /line 1: not a Brainbench results file/);
    assert.match(await refusal('evalResults', '../secret.results.jsonl', null), /outside the workspace/);
    assert.match(await refusal('evalResults', '/etc/passwd', null), /outside the workspace/);
    symlinkSync(join(dir, 'secret.results.jsonl'), join(workspace, 'link.results.jsonl'));
    assert.match(await refusal('evalResults', 'link.results.jsonl', null), /is a link to .*outside the workspace/);
    assert.match(await refusal('evalResults', 'qa.eval.toml', null), /not a results file/);
    // A link to nothing among the runs is left out of the list, which still answers.
    symlinkSync(join(dir, 'gone.results.jsonl'), join(workspace, '.brainbench/evals/gone.results.jsonl'));
    const listed = (await ask('evalFiles')) as { results: { path: string }[] };
    assert.ok(listed.results.some((r) => r.path === 'lying.results.jsonl'));
    assert.ok(!listed.results.some((r) => r.path.includes('gone')));
    assert.match(await refusal('compareEvalResults', first, '../secret.results.jsonl'), /outside the workspace/);
    assert.match(await refusal('runEval', '../x.eval.toml', { trials: null, filter: [] }), /outside the workspace/);
    assert.match(await refusal('runEval', 'cases.jsonl', { trials: null, filter: [] }), /not an eval file/);
  });

  it('reads a file of many trials in chunks, in order, every offset a trial line', async () => {
    const lines = [JSON.stringify(HEADER)];
    for (let i = 0; i < 3000; i++) lines.push(trialLine(`case-${i}`, i, 1, i % 3 ? 'pass' : 'fail', 'r.jsonl'));
    // A run still writing: its last line cut.
    writeFileSync(join(workspace, 'big.results.jsonl'), `${lines.join('\n')}\n{"kind":"tri`);
    const chunks: ResultsChunk[] = [];
    let chunk = (await ask('evalResults', 'big.results.jsonl', null)) as ResultsChunk;
    chunks.push(chunk);
    while (chunk.next)
      chunks.push((chunk = (await ask('evalResults', 'big.results.jsonl', chunk.next)) as ResultsChunk));
    assert.ok(chunks.length > 1, 'a big file comes in several chunks');
    const cells = chunks.flatMap((c) => c.cells);
    assert.deepEqual(
      cells.map((c) => c.caseIndex),
      [...Array(3000).keys()],
    );
    assert.equal(chunks[0]!.currency, 'USD');
    const text = readFileSync(join(workspace, 'big.results.jsonl'), 'utf8');
    for (const cell of [cells[0]!, cells[1234]!, cells[2999]!])
      assert.equal(JSON.parse(text.slice(cell.at, text.indexOf('\n', cell.at))).case, cell.case);
  });

  it('runs no eval in a workspace that is not trusted', async () => {
    const other = join(dir, 'untrusted');
    cpSync(join(REPO, 'examples/evals'), other, { recursive: true });
    const untrusted = new Workbench({
      spawner: forkSpawner,
      entry: agentEntry(),
      trust: new WorkspaceTrust(TrustStore.forUser(), []),
    });
    await untrusted.open(other);
    try {
      const answer = await dispatchRequest(untrusted, 1, 'runEval', ['qa.eval.toml', { trials: 1, filter: [] }]);
      assert.equal(answer.ok, false);
      assert.match(answer.error!, /this workspace is not trusted: trust it first/);
    } finally {
      await untrusted.close();
    }
  });
});
