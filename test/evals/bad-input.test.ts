// Bad input everywhere gets one clear line with its file and line (and column where there is one),
// no stack trace, exit code 1 (2 for a wrong command line); a results file from elsewhere cannot
// point a recording path outside its folder.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { readDataset } from '../../main/evals/dataset.ts';
import { loadEval } from '../../main/evals/load-eval.ts';
import { trialRecordingFile } from '../../main/evals/results-paths.ts';

const BIN = fileURLToPath(new URL('../../bin/brainbench.mjs', import.meta.url));

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-eval-input-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const CONFIG = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "a.js"\n';
const EVAL = 'config = "omw.toml"\ndataset = "cases.jsonl"\n';

function brainbench(dir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('a dataset line that does not parse is named by its file and line', () => {
  const dir = folder({ 'cases.jsonl': '{"id":"a","input":{}}\n\n{"id":"b","input":{"q":1}\n{"id":"c"}\n' });
  assert.throws(
    () => readDataset(join(dir, 'cases.jsonl')),
    (error: Error) => {
      assert.match(error.message, new RegExp(`^${join(dir, 'cases.jsonl')}:3:\\d+: not a JSON case: `));
      return true;
    },
  );
});

test('dataset mistakes: a duplicate id, an unknown key, a CSV row of the wrong width, a YAML case without an id', () => {
  const dir = folder({
    'dup.jsonl': '{"id":"a"}\n{"id":1}\n{"id":"a"}\n',
    'key.jsonl': '{"id":"a","expect":"x"}\n',
    'rows.csv': 'id,question,expected\nq1,"What, exactly?",yes\nq2,"two\nlines",no\nq3,only two\n',
    'cases.yaml': '- id: a\n  input: { q: 1 }\n- input: { q: 2 }\n',
  });
  assert.throws(
    () => readDataset(join(dir, 'dup.jsonl')),
    /dup\.jsonl:3: case id "a" is used twice \(first on line 1\)/,
  );
  assert.throws(
    () => readDataset(join(dir, 'key.jsonl')),
    /key\.jsonl:1: unknown key "expect" \(a case has id, input, expected, tags, split, trials\)/,
  );
  assert.throws(() => readDataset(join(dir, 'rows.csv')), /rows\.csv:5: expected 3 fields as the header has, found 2/);
  assert.throws(() => readDataset(join(dir, 'cases.yaml')), /cases\.yaml:3: expected an `id`/);
  writeFileSync(join(dir, 'rows.csv'), 'id,question,expected,tags\nq1,"What, exactly?",yes,a b\nq2,"two\nlines",no,\n');
  const cases = readDataset(join(dir, 'rows.csv'));
  assert.deepEqual(
    cases.map((c) => [c.id, c.input['question'], c.expected, c.tags, c.line]),
    [
      ['q1', 'What, exactly?', 'yes', ['a', 'b'], 2],
      ['q2', 'two\nlines', 'no', [], 3],
    ],
  );
});

test('an unknown scorer kind is an error at its line and column', () => {
  const dir = folder({
    'omw.toml': CONFIG,
    'cases.jsonl': '{"id":"a"}\n',
    'e.eval.toml': `${EVAL}\n[[scorers]]\nkind = "vibes"\n`,
  });
  assert.throws(
    () => loadEval(join(dir, 'e.eval.toml')),
    (error: Error) => {
      assert.match(
        error.message,
        /e\.eval\.toml:5:1: scorers\[0\]\.kind: expected a scorer kind: assertions, equals, .* judge or pairwise \(found "vibes"\)/,
      );
      return true;
    },
  );
});

test('the command line: a missing template field, an unknown agent and a bad dataset line are one line each, exit 1', () => {
  const dir = folder({
    'omw.toml': CONFIG,
    'a.js': '"ok";\n',
    'cases.jsonl': '{"id":"a","input":{"question":"q"}}\n{"id":"b","input":{"qestion":"q"}}\n',
    'template.eval.toml': `${EVAL}[input.memory.alice]\nquestion = "{{input.question}}"\n`,
    'agent.eval.toml': `${EVAL}[end]\nagent = "bob"\n`,
    'broken.eval.toml': 'config = "omw.toml"\ndataset = "broken.jsonl"\n',
    'broken.jsonl': '{"id":"a"}\nnot json\n',
  });
  const template = brainbench(dir, 'eval', 'run', 'template.eval.toml');
  assert.equal(template.code, 1);
  assert.match(
    template.stderr,
    /template\.eval\.toml:4:1: input\.memory\.alice\.question: \{\{input\.question\}\}: case ..?b..? has no input\.question \(input has: qestion\)/,
  );
  assert.doesNotMatch(template.stderr, /\n\s+at /, 'no stack trace');
  const agent = brainbench(dir, 'eval', 'run', 'agent.eval.toml');
  assert.equal(agent.code, 1);
  assert.match(agent.stderr, /agent\.eval\.toml:4:1: end\.agent: no agent ..?bob..? in .*omw\.toml \(it has alice\)/);
  const broken = brainbench(dir, 'eval', 'run', 'broken.eval.toml');
  assert.equal(broken.code, 1);
  assert.match(broken.stderr, /broken\.jsonl:2(:\d+)?: not a JSON case/);
  const usage = brainbench(dir, 'eval', 'run', 'agent.eval.toml', '--filter', 'colour:red');
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /--filter colour:red: expected tag:NAME or split:NAME/);
  const notResults = brainbench(dir, 'eval', 'report', 'cases.jsonl');
  assert.equal(notResults.code, 1);
  assert.match(notResults.stderr, /cases\.jsonl: line 1: not a Brainbench results file/);
});

test('a results file cannot name a recording outside its recordings folder, by path or by link', () => {
  const dir = folder({});
  const results = join(dir, 'r.jsonl');
  mkdirSync(`${results}.recordings`);
  assert.equal(
    trialRecordingFile(results, 'r.jsonl.recordings/0001-a.1.jsonl'),
    join(dir, 'r.jsonl.recordings/0001-a.1.jsonl'),
  );
  for (const hostile of ['../../etc/passwd', '/etc/passwd', 'r.jsonl.recordings/../../x', 'elsewhere/x.jsonl', '', 42])
    assert.throws(
      () => trialRecordingFile(results, hostile),
      /must be a relative path|is outside r\.jsonl\.recordings/,
    );
  writeFileSync(join(dir, 'secret.jsonl'), '');
  symlinkSync(join(dir, 'secret.jsonl'), join(`${results}.recordings`, 'link.jsonl'));
  assert.throws(
    () => trialRecordingFile(results, 'r.jsonl.recordings/link.jsonl'),
    /links outside r\.jsonl\.recordings/,
  );
});
