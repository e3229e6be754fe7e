// "Where do the trials split?" (`evalTrialSplit`, docs/evals.md, For the workbench) on a real
// Workbench, over the results of a real `brainbench eval run` whose mock model answers each trial
// otherwise (trial-split-fixture.ts): the split is the one `brainbench diff` finds in the same
// recordings, said in words that name the passing and failing trials; trials that made the same
// calls are said to, with what still differs, or to be identical; a case of one trial and a
// missing recording are said; and results files from someone else (recordings outside their
// folder, links out, junk lines, duplicate trials, a hostile recording) are refused in one line,
// with no recording read before every one of the case is checked.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import type { SplitView } from '../../contract/counterfactual-views.ts';
import type { EvalTrialSplitView } from '../../contract/eval-views.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { BRAINBENCH } from './line-counts-fixture.ts';
import { RECORDINGS, RESULTS, trialSplitWorkspace } from './trial-split-fixture.ts';

let dir: string;
let workbench: Workbench;
let nextId = 1;

async function ask(...params: unknown[]): Promise<EvalTrialSplitView> {
  const answer = await dispatchRequest(workbench, nextId++, 'evalTrialSplit', params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as EvalTrialSplitView;
}

async function refusal(...params: unknown[]): Promise<string> {
  const answer = await dispatchRequest(workbench, nextId++, 'evalTrialSplit', params);
  assert.equal(answer.ok, false, `evalTrialSplit ${JSON.stringify(params)} is refused`);
  return answer.error!;
}

const chat = (roll: number) => ({ content: `roll ${roll}`, tool_calls: [], finish_reason: 'stop' });

describe('where the trials of an eval case split, in the workbench', { timeout: 300_000 }, () => {
  before(async () => {
    dir = trialSplitWorkspace();
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(dir);
  });
  after(async () => {
    await workbench?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the split `brainbench diff` finds, and says it parts the passing trials from the failing one', async () => {
    const view = await ask(RESULTS, 'flaky');
    assert.equal(
      view.said,
      'The 3 trials split: assistant splits at iteration 1 call 5, after the answers to iteration 1 call 4 ' +
        '(provider.chat) differed: it parts the passing trials 1 and 3 from trial 2, which did not pass.',
    );
    assert.deepEqual(
      view.trials.map((t) => [t.trial, t.verdict, t.recording]),
      [1, 2, 3].map((n) => [n, n === 2 ? 'fail' : 'pass', `${RECORDINGS}/0001-flaky.${n}.jsonl`]),
    );
    assert.deepEqual(view.split.recordings, ['trial 1', 'trial 2', 'trial 3']);
    const [agent] = view.split.agents;
    assert.deepEqual(
      agent!.split!.groups.map((group) => [group.members, group.call && [group.call.op, group.call.args]]),
      [
        [[0, 2], undefined],
        [[1], ['host.memory-set', ['unsure', 'roll 2']]],
      ],
    );
    assert.deepEqual(
      agent!.cause!.groups.map((group) => [group.members, group.answer]),
      [1, 2, 3].map((n) => [[n - 1], chat(n)]),
    );
    assert.deepEqual(view.places, [{ agent: 'assistant', position: 1, iterations: [1, 1, 1] }]);
    assert.deepEqual([view.missing, view.leftOver], [[], 0]);

    // The same engine as `brainbench diff` (and Compare ▸ Several): the same alignment.
    const files = view.trials.map((t) => t.recording);
    const cli = spawnSync(process.execPath, [BRAINBENCH, 'diff', ...files, '--json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(cli.status, 1, cli.stderr);
    // As the page gets it: through JSON.
    assert.deepEqual(JSON.parse(JSON.stringify(view.split.agents)), (JSON.parse(cli.stdout) as SplitView).agents);
  });

  it('says when the split does not part the verdicts, and counts trials past a few, comparing 100 at most', async () => {
    const [header, ...lines] = readFileSync(join(dir, RESULTS), 'utf8').trim().split('\n');
    const flaky = lines.map(
      (line) => JSON.parse(line) as { case: string; trial: number; verdict: string; recording: string },
    );
    const [one, two, three] = flaky.filter((t) => t.case === 'flaky');
    // Trial 3 made trial 1's calls, but (say, a judge) failed it: the split is not where the verdicts part.
    cpSync(join(dir, RECORDINGS), join(dir, 'mixed.results.jsonl.recordings'), { recursive: true });
    writeFileSync(
      join(dir, 'mixed.results.jsonl'),
      [header, ...[one, two, { ...three!, verdict: 'fail' }].map((t) => JSON.stringify(t)), '']
        .join('\n')
        .replaceAll(RECORDINGS, 'mixed.results.jsonl.recordings'),
    );
    assert.equal(
      (await ask('mixed.results.jsonl', 'flaky')).said,
      'The 3 trials split: assistant splits at iteration 1 call 5, after the answers to iteration 1 call 4 ' +
        '(provider.chat) differed: passing and failing trials are on one side of it, so their verdicts part elsewhere.',
    );

    // 101 trials, each a copy of trial 1, 2 or 3's recording.
    mkdirSync(join(dir, 'many.results.jsonl.recordings'));
    const many = Array.from({ length: 101 }, (_, i) => {
      const from = [one, two, three][i % 3]!;
      cpSync(join(dir, from.recording), join(dir, `many.results.jsonl.recordings/${i + 1}.jsonl`));
      return JSON.stringify({ ...from, trial: i + 1, recording: `many.results.jsonl.recordings/${i + 1}.jsonl` });
    });
    writeFileSync(join(dir, 'many.results.jsonl'), [header, ...many, ''].join('\n'));
    const view = await ask('many.results.jsonl', 'flaky');
    assert.deepEqual([view.trials.length, view.leftOver, view.trials.at(-1)!.trial], [100, 1, 100]);
    assert.equal(
      view.said,
      'The 100 trials split: assistant splits at iteration 1 call 5, after the answers to iteration 1 call 4 ' +
        '(provider.chat) differed: it parts the 67 passing trials from the 33 that did not pass.',
    );
  });

  it('says plainly when the trials made the same calls, and what still differs', async () => {
    assert.equal(
      (await ask(RESULTS, 'echo')).said,
      'The 3 trials made the same calls; they differ only in the answer to assistant’s iteration 1 call 4 ' +
        '(provider.chat) and in how assistant’s iteration 1 ended (exited "roll 1" in trial 1; exited "roll 2" ' +
        'in trial 2; exited "roll 3" in trial 3).',
    );
    assert.equal(
      (await ask(RESULTS, 'steady')).said,
      'The 3 trials made the same calls; they differ only in the answer to assistant’s iteration 1 call 4 (provider.chat).',
    );
    const quiet = await ask(RESULTS, 'quiet');
    assert.equal(quiet.said, 'The 3 trials are identical: the same calls, answered alike, ending alike.');
    assert.ok(quiet.split.agents.every((agent) => !agent.split));
  });

  it('says why a case of one trial has nothing to compare, and an unknown case', async () => {
    assert.equal(
      await refusal(RESULTS, 'single'),
      `${RESULTS}: case "single" has one trial: there is nothing to compare it with`,
    );
    assert.equal(await refusal(RESULTS, 'nowhere'), `${RESULTS}: no trial of case "nowhere"`);
  });

  it('names a trial whose recording is missing and compares the others', async () => {
    const second = join(dir, RECORDINGS, '0006-gone.2.jsonl');
    const aside = `${second}.aside`;
    renameSync(second, aside);
    try {
      const view = await ask(RESULTS, 'gone');
      assert.deepEqual(view.missing, [{ trial: 2, verdict: 'fail', recording: `${RECORDINGS}/0006-gone.2.jsonl` }]);
      assert.deepEqual(
        view.trials.map((t) => t.trial),
        [1, 3],
      );
      assert.deepEqual(view.split.recordings, ['trial 1', 'trial 3']);
      assert.equal(
        view.said,
        'The 2 trials made the same calls; they differ only in the answer to assistant’s iteration 1 call 4 (provider.chat).',
      );
      // With one left, there is nothing to compare: each missing one is named.
      const third = join(dir, RECORDINGS, '0006-gone.3.jsonl');
      renameSync(third, `${third}.aside`);
      try {
        assert.equal(
          await refusal(RESULTS, 'gone'),
          `${RESULTS}: case "gone": only trial 1’s recording is there (trial 2: ${RECORDINGS}/0006-gone.2.jsonl is missing; ` +
            `trial 3: ${RECORDINGS}/0006-gone.3.jsonl is missing): there is nothing to compare`,
        );
      } finally {
        renameSync(`${third}.aside`, third);
      }
    } finally {
      renameSync(aside, second);
    }
  });

  it('refuses results files from someone else in one line, reading no recording before every one is checked', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'brainbench-outside-'));
    const [header, ...lines] = readFileSync(join(dir, RESULTS), 'utf8').trim().split('\n');
    const flaky = lines
      .map((line) => JSON.parse(line) as { case: string; recording: string })
      .filter((t) => t.case === 'flaky');
    /**
     * A results file `name` whose case "flaky" has trial 1 (its recording not a recording at all:
     * reading it would be the error) and trial 2 with `recording`, then `more` lines.
     */
    const results = (name: string, recording: string, more: string[] = []) => {
      mkdirSync(join(dir, `${name}.recordings`), { recursive: true });
      writeFileSync(join(dir, `${name}.recordings/first.jsonl`), 'not a recording\n');
      const first = { ...flaky[0], recording: `${name}.recordings/first.jsonl` };
      const second = { ...flaky[1], recording };
      writeFileSync(join(dir, name), [header, JSON.stringify(first), JSON.stringify(second), ...more, ''].join('\n'));
    };
    const expectRefusal = async (path: string, pattern: RegExp, workspaceNames = true) => {
      const message = await refusal(path, 'flaky');
      assert.match(message, pattern);
      assert.doesNotMatch(message, /\n/, 'one line');
      assert.doesNotMatch(message, /not a recording|line 1: no header/, `no recording was read: ${message}`);
      if (workspaceNames) assert.ok(!message.includes(dir) && !message.includes(outside), message);
    };

    // A recording outside the results' recordings folder, or absolute.
    results('out.results.jsonl', '../split.eval.toml');
    await expectRefusal(
      'out.results.jsonl',
      /^out\.results\.jsonl: the recording "\.\.\/split\.eval\.toml" is outside out\.results\.jsonl\.recordings\/$/,
    );
    results('abs.results.jsonl', '/etc/passwd');
    await expectRefusal(
      'abs.results.jsonl',
      /^abs\.results\.jsonl: a trial's recording must be a relative path, got "\/etc\/passwd"$/,
    );

    // A recording that links out of the folder: to a file outside the workspace, and to one inside it.
    cpSync(join(dir, RECORDINGS, '0001-flaky.2.jsonl'), join(outside, 'stolen.jsonl'));
    results('link.results.jsonl', 'link.results.jsonl.recordings/t.jsonl');
    symlinkSync(join(outside, 'stolen.jsonl'), join(dir, 'link.results.jsonl.recordings/t.jsonl'));
    await expectRefusal(
      'link.results.jsonl',
      /^link\.results\.jsonl: the recording "link\.results\.jsonl\.recordings\/t\.jsonl" links outside link\.results\.jsonl\.recordings\/$/,
    );
    results('sibling.results.jsonl', 'sibling.results.jsonl.recordings/t.jsonl');
    symlinkSync(join(dir, 'assistant.js'), join(dir, 'sibling.results.jsonl.recordings/t.jsonl'));
    await expectRefusal(
      'sibling.results.jsonl',
      /the recording "sibling\.results\.jsonl\.recordings\/t\.jsonl" links outside/,
    );

    // The recordings folder itself a link out of the workspace.
    mkdirSync(join(outside, 'recs'));
    cpSync(join(dir, RECORDINGS, '0001-flaky.1.jsonl'), join(outside, 'recs/a.jsonl'));
    cpSync(join(dir, RECORDINGS, '0001-flaky.2.jsonl'), join(outside, 'recs/b.jsonl'));
    writeFileSync(
      join(dir, 'folder.results.jsonl'),
      [
        header,
        JSON.stringify({ ...flaky[0], recording: 'folder.results.jsonl.recordings/a.jsonl' }),
        JSON.stringify({ ...flaky[1], recording: 'folder.results.jsonl.recordings/b.jsonl' }),
        '',
      ].join('\n'),
    );
    symlinkSync(join(outside, 'recs'), join(dir, 'folder.results.jsonl.recordings'));
    await expectRefusal(
      'folder.results.jsonl',
      /^folder\.results\.jsonl: case "flaky" trial 1: cannot read "folder\.results\.jsonl\.recordings\/a\.jsonl": "folder\.results\.jsonl\.recordings" is a link to .*, outside the workspace/,
      false,
    );

    // Junk lines, by their number, though the case's own lines come before them.
    results('junk.results.jsonl', 'junk.results.jsonl.recordings/first.jsonl', ['rm -rf /']);
    await expectRefusal('junk.results.jsonl', /^junk\.results\.jsonl: line 4: not JSON/);
    results('junk2.results.jsonl', 'junk2.results.jsonl.recordings/first.jsonl', ['{"kind":"trial"}']);
    await expectRefusal('junk2.results.jsonl', /^junk2\.results\.jsonl: line 4: no case id$/);
    writeFileSync(join(dir, 'notresults.results.jsonl'), 'hello\n');
    await expectRefusal(
      'notresults.results.jsonl',
      /^notresults\.results\.jsonl: line 1: not a Brainbench results file/,
    );
    // The same trial twice: not one run's results.
    results('twice.results.jsonl', 'twice.results.jsonl.recordings/first.jsonl', [JSON.stringify(flaky[0])]);
    await expectRefusal('twice.results.jsonl', /^twice\.results\.jsonl: case "flaky" trial 1 is on two lines/);

    // Paths outside the workspace, and files that are not results.
    await expectRefusal(
      '../outside.results.jsonl',
      /^cannot read "\.\.\/outside\.results\.jsonl": it is outside the workspace/,
      false,
    );
    await expectRefusal(join(outside, 'stolen.jsonl'), /outside the workspace/, false);
    await expectRefusal('assistant.js', /^"assistant\.js" is not a results file/);

    // A checked recording whose agent is named as a path: refused as the recording's, by its workspace name.
    mkdirSync(join(dir, 'named.results.jsonl.recordings'));
    for (const n of [1, 2, 3])
      cpSync(
        join(dir, RECORDINGS, `0001-flaky.${n}.jsonl`),
        join(dir, `named.results.jsonl.recordings/0001-flaky.${n}.jsonl`),
      );
    const named = join(dir, 'named.results.jsonl.recordings/0001-flaky.2.jsonl');
    writeFileSync(named, readFileSync(named, 'utf8').replaceAll('"agent":"assistant"', '"agent":"../../x"'));
    writeFileSync(
      join(dir, 'named.results.jsonl'),
      readFileSync(join(dir, RESULTS), 'utf8').replaceAll(RECORDINGS, 'named.results.jsonl.recordings'),
    );
    const message = await refusal('named.results.jsonl', 'flaky');
    assert.match(
      message,
      /^named\.results\.jsonl\.recordings\/0001-flaky\.2\.jsonl: "\.\.\/\.\.\/x" cannot name an agent: it holds "\/", a path separator$/,
    );
    rmSync(outside, { recursive: true, force: true });
  });
});
