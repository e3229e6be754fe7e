// `brainbench eval` end to end on real parts: a real OpenAI-compatible server answering as the
// model under test (right or wrong by a seeded draw per case and trial, so pass@k and pass^k are
// known before the run) and as the judge (which answers one case with garbage); real agent
// processes; the command line as a user runs it. Then rescore and --reuse with the server
// stopped, a regression planted in the brain found by compare (and its exit code), shards merged
// equal to the unsharded run, and the JUnit report read by an XML parser (Chromium's DOMParser).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { chromium } from 'playwright-core';

import { passAtK, passHatK } from '../../main/evals/eval-statistics.ts';
import type { TrialLine } from '../../main/evals/results-format.ts';
import { readResults } from '../../main/evals/results-reader.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/workbench-fixture.ts';
import { seededRandom } from '../seeded-random.ts';
import { startModelServer, type ModelServer } from './seeded-model-server.ts';

const BIN = fileURLToPath(new URL('../../bin/brainbench.mjs', import.meta.url));
const TRIALS = 4;

/** Each case's chance that the model answers it right. */
const CASES: { id: string; p: number; expected: string; question: string }[] = [
  { id: 'always', p: 1, expected: 'Paris', question: 'capital of France' },
  { id: 'never', p: 0, expected: '4', question: 'two plus two' },
  { id: 'coin', p: 0.5, expected: 'blue', question: 'colour of the sky' },
  { id: 'likely', p: 0.75, expected: 'H2O', question: 'formula of water' },
  { id: 'unlikely', p: 0.3, expected: '1969', question: 'year of the moon landing' },
  { id: 'garbage', p: 1, expected: 'yes', question: 'GARBAGE: is this graded?' },
  { id: 'greedy', p: 1, expected: 'ok', question: 'use many tokens' },
];

/** Whether the model answers `id` right in `trial`: the same on every run, whatever the order. */
function answersRight(id: string, trial: number): boolean {
  const seed = createHash('sha256').update(`${id}#${trial}`).digest().readUInt32LE(0);
  return seededRandom(seed)() < CASES.find((c) => c.id === id)!.p;
}

let dir: string;
let server: ModelServer | undefined;
const exec = promisify(execFile);

async function brainbench(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** On the port it had before when there was one, so that the config (and what --reuse compares) stays the same. */
let port = 0;

async function startServer(): Promise<ModelServer> {
  const started = await startModelServer((model, messages) => {
    const last = messages.at(-1)?.content ?? '';
    if (model === 'solver-model') {
      const [, id, trial] = /^case (\S+) trial (\d+):/.exec(last) ?? [];
      const c = CASES.find((entry) => entry.id === id)!;
      const usage = id === 'greedy' ? { prompt: 5000, completion: 10 } : { prompt: 20, completion: 3 };
      return { content: answersRight(id!, Number(trial)) ? c.expected : 'no idea', usage };
    }
    if (last.includes('GARBAGE')) return { content: 'Sure! The answer looks great to me.' };
    return { content: '{"score": 1, "reason": "graded by the test judge"}' };
  }, port);
  port = Number(new URL(started.origin).port);
  return started;
}

function writeWorkspace(origin: string): void {
  const provider = (name: string, model: string) =>
    `[providers.${name}]\nkind = "openai"\nbase_url = "${origin}/v1"\napi_key = "test-key"\nmodel = "${model}"\nmax_retries = 0\n`;
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]\nkind = "js"\n\n[agents.solver]\nruntime = "js"\nscript = "solver.js"\n\n` +
      `${provider('llm', 'solver-model')}prices = { solver-model = { input_per_mtok = 1.0, output_per_mtok = 2.0 } }\n\n` +
      provider('grader', 'judge-model'),
  );
}

const BRAIN = `const id = omw.host.memoryGet('id');
const trial = omw.host.memoryGet('trial');
const question = omw.host.memoryGet('question');
const reply = omw.provider.get('llm').chat('solver-model', [{ role: 'user', content: \`case \${id} trial \${trial}: \${question}\` }], []);
reply.content;
`;

const EVAL = `config = "omw.toml"
dataset = "cases.jsonl"
trials = ${TRIALS}

[input.memory.solver]
id = "{{case.id}}"
trial = "{{trial}}"
question = "{{input.question}}"

[end]
max_tokens = 1000

[[scorers]]
kind = "equals"

[[scorers]]
name = "graded"
kind = "judge"
provider = "grader"
rubric = "Is the answer {{expected}}?"
`;

const trialsOf = (file: string) => readResults(join(dir, file)).trials;
const verdicts = (trials: readonly TrialLine[]) => trials.map((t) => `${t.case}#${t.trial}:${t.verdict}`);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brainbench-eval-'));
  server = await startServer();
  writeWorkspace(server.origin);
  writeFileSync(join(dir, 'solver.js'), BRAIN);
  writeFileSync(
    join(dir, 'cases.jsonl'),
    CASES.map((c) =>
      JSON.stringify({
        id: c.id,
        input: { question: c.question },
        expected: c.expected,
        tags: [c.p === 1 ? 'sure' : 'unsure'],
      }),
    ).join('\n') + '\n',
  );
  writeFileSync(join(dir, 'qa.eval.toml'), EVAL);
});

after(async () => {
  await server?.close();
});

test('a run scores every trial; pass@k and pass^k are those the seeded answers give', async () => {
  const run = await brainbench('eval', 'run', 'qa.eval.toml', '--out', 'base.jsonl', '-j', '2', '--format', 'json');
  assert.equal(run.code, 0, run.stderr);
  const { summary } = JSON.parse(run.stdout) as { summary: import('../../main/evals/eval-statistics.ts').EvalSummary };
  const trials = trialsOf('base.jsonl');
  assert.equal(trials.length, CASES.length * TRIALS);

  // What the draws say, before looking at what the run did: the garbage and greedy cases never pass.
  const passes = (id: string) =>
    id === 'garbage' || id === 'greedy'
      ? 0
      : Array.from({ length: TRIALS }, (_, i) => answersRight(id, i + 1)).filter(Boolean).length;
  const expectedAtK = CASES.reduce((sum, c) => sum + passAtK(TRIALS, passes(c.id), TRIALS), 0) / CASES.length;
  const expectedHatK = CASES.reduce((sum, c) => sum + passHatK(TRIALS, passes(c.id), TRIALS), 0) / CASES.length;
  assert.ok(
    CASES.some((c) => passes(c.id) > 0 && passes(c.id) < TRIALS),
    'the seed gives cases whose trials disagree',
  );
  assert.equal(summary.overall.passAtK, expectedAtK);
  assert.equal(summary.overall.passHatK, expectedHatK);
  assert.notEqual(expectedAtK, expectedHatK);
  for (const c of CASES)
    assert.equal(
      trials.filter((t) => t.case === c.id && t.verdict === 'pass').length,
      passes(c.id),
      `passes of ${c.id}`,
    );
  // Cases whose trials disagree are listed first.
  const firstAgreeing = summary.cases.findIndex((c) => !c.disagree);
  assert.ok(summary.cases.slice(firstAgreeing).every((c) => !c.disagree));
  assert.ok(summary.overall.interval, 'a confidence interval over the cases');

  // The judge's garbage is that trial's scorer error, quoting it; the run went on.
  const garbage = trials.filter((t) => t.case === 'garbage');
  for (const trial of garbage) {
    assert.equal(trial.verdict, 'error');
    const judged = trial.scores.find((s) => s.scorer === 'graded')!;
    assert.match(
      judged.error!,
      /the judge did not answer with a verdict \{"score": 0\.\.1, "reason": "…"\}: "Sure! The answer looks great to me\."/,
    );
  }
  // A budget overrun is a result with its reason, not a crash.
  for (const trial of trials.filter((t) => t.case === 'greedy')) {
    assert.equal(trial.outcome.kind, 'budget');
    assert.equal(trial.outcome.budget, 'max_tokens');
    assert.match(trial.outcome.reason!, /5010 tokens used: max_tokens = 1000/);
    assert.equal(trial.verdict, 'fail');
  }
  // Every trial is a recording that opens as one.
  for (const trial of trials) assert.ok(existsSync(join(dir, trial.recording)), trial.recording);
  assert.equal(
    server!.requests.get('judge-model'),
    CASES.length * TRIALS - TRIALS,
    'the greedy case has no answer to judge',
  );
});

test('rescore with the server stopped: a judge asked the same questions is served from the recordings, a new scorer scores', async () => {
  await server!.close();
  server = undefined;
  const before = trialsOf('base.jsonl');
  // The judge passes at another threshold (so it scores again) but is asked what it was asked.
  const changed = EVAL.replace(
    'rubric = "Is the answer {{expected}}?"',
    'rubric = "Is the answer {{expected}}?"\nthreshold = 0.9',
  );
  writeFileSync(
    join(dir, 'qa.eval.toml'),
    `${changed}\n[[scorers]]\nname = "long-enough"\nkind = "regex"\npattern = "^.{2,}$"\n`,
  );
  const rescored = await brainbench('eval', 'rescore', 'base.jsonl');
  assert.equal(rescored.code, 0, rescored.stderr);
  const judged = (CASES.length - 1) * TRIALS;
  const all = CASES.length * TRIALS;
  assert.match(
    rescored.stderr,
    new RegExp(
      `rescored ${all} trials: ${2 * all} scores anew, ${all} kept \\(their scorer unchanged\\); ${judged} judge answers from the recordings, 0 asked live`,
    ),
  );
  const after = trialsOf('base.jsonl');
  for (const [index, trial] of after.entries()) {
    const earlier = before[index]!;
    const graded = (line: TrialLine) => {
      const { hash: _hash, ...score } = line.scores.find((s) => s.scorer === 'graded')!;
      return score;
    };
    assert.deepEqual(graded(trial), graded(earlier));
    const added = trial.scores.find((s) => s.scorer === 'long-enough');
    if (trial.outcome.kind !== 'budget') assert.equal(added?.pass, trial.outcome.text!.length >= 2, trial.case);
  }
  assert.deepEqual(
    readResults(join(dir, 'base.jsonl')).header.eval.scorers.map((s) => s.name),
    ['equals', 'graded', 'long-enough'],
  );
});

test('--reuse with the server stopped serves every unchanged trial and counts what it saved', async () => {
  const run = await brainbench(
    'eval',
    'run',
    'qa.eval.toml',
    '--reuse',
    'base.jsonl',
    '--out',
    'again.jsonl',
    '--format',
    'json',
  );
  assert.equal(run.code, 0, run.stderr);
  const { summary } = JSON.parse(run.stdout) as { summary: import('../../main/evals/eval-statistics.ts').EvalSummary };
  const base = trialsOf('base.jsonl');
  const again = trialsOf('again.jsonl');
  assert.deepEqual(summary.reuse.fresh, 0);
  assert.deepEqual(summary.reuse.reused, CASES.length * TRIALS);
  assert.equal(
    summary.reuse.savedTokens,
    base.reduce((sum, t) => sum + t.usage.tokens.total, 0),
  );
  assert.ok(summary.reuse.savedCost.amounts['USD']! > 0);
  assert.deepEqual(verdicts(again), verdicts(base));
  const table = await brainbench('eval', 'report', 'again.jsonl');
  assert.match(
    table.stdout,
    new RegExp(`fresh 0, reused ${CASES.length * TRIALS}, partly reused 0 \\(saved \\d+ tokens`),
  );
});

test('compare finds a regression planted in the candidate brain, and its thresholds set the exit code', async () => {
  // The candidate brain answers "always" wrongly. Its trials replay "again": the model is not
  // asked again (its answers are served from the recordings), the judge only for the new answers.
  server = await startServer();
  writeFileSync(join(dir, 'solver.js'), BRAIN.replace('reply.content;', "id === 'always' ? 'Lyon' : reply.content;"));
  const run = await brainbench(
    'eval',
    'run',
    'qa.eval.toml',
    '--reuse',
    'again.jsonl',
    '--out',
    'candidate.jsonl',
    '--format',
    'json',
  );
  assert.equal(run.code, 0, run.stderr);
  const { summary } = JSON.parse(run.stdout) as { summary: import('../../main/evals/eval-statistics.ts').EvalSummary };
  assert.equal(summary.reuse.partly, TRIALS, 'the changed answer went live from where it differed');
  assert.equal(summary.reuse.reused, (CASES.length - 1) * TRIALS);
  const candidate = trialsOf('candidate.jsonl');
  assert.ok(
    candidate.filter((t) => t.case === 'always').every((t) => t.outcome.text === 'Lyon' && t.verdict === 'fail'),
  );
  assert.equal(server.requests.get('solver-model'), undefined, 'the model was not asked again');
  assert.equal(server.requests.get('judge-model'), TRIALS, 'only the changed answers were judged');

  const gate = await brainbench('eval', 'compare', 'again.jsonl', 'candidate.jsonl');
  assert.equal(gate.code, 1, gate.stdout + gate.stderr);
  assert.match(gate.stdout, /REGRESSED always: 1\.000 -> /);
  assert.match(gate.stdout, /1 regressed, 0 improved, 6 unchanged/);
  assert.match(gate.stdout, /paired t test over 7 cases/);
  assert.match(gate.stdout, /FAIL: 1 case regressed \(at most 0 allowed: --max-regressions\)/);
  const tolerant = await brainbench('eval', 'compare', 'again.jsonl', 'candidate.jsonl', '--max-regressions', '1');
  assert.equal(tolerant.code, 0, tolerant.stdout);
  const markdown = await brainbench(
    'eval',
    'compare',
    'again.jsonl',
    'candidate.jsonl',
    '--max-regressions',
    '1',
    '--min-delta=-0.01',
    '--format',
    'markdown',
  );
  assert.equal(markdown.code, 1);
  assert.match(markdown.stdout, /❌ the mean score changed by -0\.\d+, below --min-delta -0\.01/);
  assert.match(markdown.stdout, /\| 🔻 \| `always` \|/);
  writeFileSync(join(dir, 'solver.js'), BRAIN);
});

test('the shards of a run merged are the run unsharded', async () => {
  const runs = await Promise.all([
    brainbench('eval', 'run', 'qa.eval.toml', '--out', 'whole.jsonl', '-j', '1'),
    brainbench('eval', 'run', 'qa.eval.toml', '--out', 'shard-1.jsonl', '--shard', '1/2', '-j', '1'),
  ]);
  runs.push(await brainbench('eval', 'run', 'qa.eval.toml', '--out', 'shard-2.jsonl', '--shard', '2/2', '-j', '1'));
  for (const run of runs) assert.equal(run.code, 0, run.stderr);
  const merged = await brainbench('eval', 'merge', 'shard-2.jsonl', 'shard-1.jsonl', '--out', 'merged.jsonl');
  assert.equal(merged.code, 0, merged.stderr);
  assert.deepEqual(comparable('merged.jsonl'), comparable('whole.jsonl'));
  const missing = await brainbench('eval', 'merge', 'shard-1.jsonl', '--out', 'half.jsonl');
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /shard 2\/2 missing: the merge would not be the whole run/);
});

/** A results file without what differs between any two runs: times and durations. */
function comparable(file: string): unknown {
  const { header, trials } = readResults(join(dir, file));
  const { createdAt: _createdAt, ...rest } = header;
  return {
    header: rest,
    trials: trials.map(({ durationMs: _durationMs, ...trial }) => ({
      ...trial,
      recording: trial.recording.replace(`${file}.recordings/`, ''),
      // The recording itself: every call and answer as the run made them.
      calls: readFileSync(join(dir, trial.recording), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{"kind":"call"'))
        .map((line) => {
          const { op, args, ok, value } = JSON.parse(line) as Record<string, unknown>;
          return op === 'host.new-uuid' || op === 'host.time-now' ? op : { op, args, ok, value };
        }),
    })),
  };
}

test('the JUnit report is read by an XML parser: a test case per trial, failures and errors as such', async () => {
  const report = await brainbench('eval', 'report', 'whole.jsonl', '--format', 'junit');
  assert.equal(report.code, 0, report.stderr);
  const trials = trialsOf('whole.jsonl');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // In the page, where the parser is (the test's own TypeScript has no DOM types).
    const parsed = (await page.evaluate(`(() => {
      const doc = new DOMParser().parseFromString(${JSON.stringify(report.stdout)}, 'application/xml');
      const error = doc.querySelector('parsererror');
      const root = doc.documentElement;
      return {
        error: error ? error.textContent : null,
        root: root.tagName,
        tests: Number(root.getAttribute('tests')),
        failures: Number(root.getAttribute('failures')),
        errors: Number(root.getAttribute('errors')),
        cases: [...doc.querySelectorAll('testcase')].map((node) => ({
          name: node.getAttribute('name'),
          failure: node.querySelector('failure')?.getAttribute('message') ?? null,
          error: node.querySelector('error')?.textContent ?? null,
        })),
      };
    })()`)) as {
      error: string | null;
      root: string;
      tests: number;
      failures: number;
      errors: number;
      cases: { name: string; failure: string | null; error: string | null }[];
    };
    assert.equal(parsed.error, null);
    assert.equal(parsed.root, 'testsuites');
    assert.equal(parsed.tests, trials.length);
    assert.equal(parsed.failures, trials.filter((t) => t.verdict === 'fail').length);
    assert.equal(parsed.errors, trials.filter((t) => t.verdict === 'error').length);
    assert.equal(parsed.cases.length, trials.length);
    const garbage = parsed.cases.find((c) => c.name === 'garbage #1')!;
    assert.match(garbage.error!, /graded: error: .*Sure! The answer looks great/);
    const never = parsed.cases.find((c) => c.name === 'never #1')!;
    assert.match(never.failure!, /equals: expected "4", got "no idea"/);
  } finally {
    await browser.close();
  }
});
