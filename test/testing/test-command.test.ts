// `brainbench test` options beyond discovery: --dump, a config on standard input, --watch. Each
// runs the real command line in a child process against real agents.

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { fixtureDir } from '../config/fixture-dir.ts';

const brainbench = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['bin/brainbench.mjs', 'test', ...args], { encoding: 'utf8', input });

const AGENT = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "brain.js"\n';
const COMPLETES = `${AGENT}\n[assertions.alice]\noutcome = "completed"\n`;

/** A test whose brain calls a mock tool twice; the second scripted call fails. */
const TOOL_TEST = `${AGENT}
[tooling.calc]
kind = "mock"
tool_calls = [
  { name = "add", result = "3", structured_content = { sum = 3 } },
  { name = "add", error = "calculator on fire" },
  { name = "mul", result = "6" },
]

[assertions.alice]
outcome = "completed"
events = [
  { kind = "call", op = "call_tool_blocking", detail = { tool = "add" } },
  { kind = "call", op = "call_tool_blocking", detail = { tool = "add" } },
]
`;
const TOOL_BRAIN = `
const calc = omw.tooling.get('calc');
calc.callToolBlocking('add', JSON.stringify({ a: 1, b: 2 }));
try { calc.callToolBlocking('add', '{}'); } catch (e) { omw.host.log('warn', String(e)); }
`;

test('--dump writes every test that ran: verdicts, matcher state and mock snapshots', () => {
  const root = fixtureDir({
    'tools/omw.test.toml': TOOL_TEST,
    'tools/brain.js': TOOL_BRAIN,
    'fails/omw.test.toml': COMPLETES,
    'fails/brain.js': "'not completed';\n",
  });
  const dump = join(root, 'dump.json');
  const cli = brainbench([root, '--all', '--dump', dump]);
  assert.equal(cli.status, 1, cli.stderr);
  // The run's own cost goes to stderr; stdout keeps omw-test's results and tally.
  assert.match(cli.stderr, /2 tests in \d+\.\d\d s, \d at a time \(overhead \d+ ms\/test\)/);
  assert.match(cli.stdout, /^1 passed, 1 failed$/m);
  const document = JSON.parse(readFileSync(dump, 'utf8'));
  assert.deepEqual(
    document.tests.map((t: { label: string; verdict: string }) => `${t.label} ${t.verdict}`),
    ['fails/omw.test.toml fail', 'tools/omw.test.toml pass'],
  );
  const [fails, tools] = document.tests;
  assert.equal(fails.agents.alice.verdict, 'fail');
  assert.match(fails.agents.alice.reason, /outcome mismatch/);
  assert.equal(tools.agents.alice.cursor, 2);
  assert.deepEqual(
    tools.agents.alice.observed.filter((o: { consumed_by?: number }) => o.consumed_by !== undefined).length,
    2,
  );
  assert.match(tools.agents.alice.diff, /all assertions satisfied \(2\)/);
  assert.deepEqual(tools.mocks, [
    {
      kind: 'tooling',
      name: 'calc',
      tool_calls_total: 3,
      tool_calls_consumed: 2,
      tool_calls_remaining: 1,
      calls: [
        {
          name: 'add',
          arguments: '{"a":1,"b":2}',
          result: { content: '[{"type":"text","text":"3"}]', structured_content: '{"sum":3}' },
        },
        { name: 'add', arguments: '{}', result: null },
      ],
    },
  ]);
});

test("a failed test's brain logs go to stderr under its label, in the --log-format asked for", () => {
  const root = fixtureDir({
    'good/omw.test.toml': COMPLETES,
    'good/brain.js': "omw.host.log('info', 'all fine');\n",
    'bad/omw.test.toml': COMPLETES,
    'bad/brain.js': "omw.host.log('warn', 'about to fail');\n'not completed';\n",
  });
  const cli = brainbench([root, '--all', '-j', '1', '--log-format', 'journald']);
  assert.equal(cli.status, 1);
  assert.match(cli.stderr, /^<4>bad\/omw\.test\.toml \[alice#1\] WARN about to fail$/m);
  assert.match(cli.stderr, /^<6>bad\/omw\.test\.toml \[alice#1\] iteration exited: not completed/m);
  assert.doesNotMatch(cli.stderr, /all fine/, 'a passing test stays quiet');
  assert.doesNotMatch(cli.stdout, /about to fail/, 'stdout keeps only results');
});

test('--dump-format yaml and toml carry the same document; TOML leaves out nulls', () => {
  const root = fixtureDir({ 'tools/omw.test.toml': TOOL_TEST, 'tools/brain.js': TOOL_BRAIN });
  const read = (format: string) => {
    const file = join(root, `dump.${format}`);
    assert.equal(brainbench([root, '--dump', file, '--dump-format', format]).status, 0);
    return readFileSync(file, 'utf8');
  };
  const json = JSON.parse(read('json'));
  const yaml = parseYaml(read('yaml'));
  const toml = parseToml(read('toml')) as typeof json;
  const stable = (d: typeof json) => ({ ...d.tests[0], duration_ms: 0, agents: undefined });
  assert.deepEqual(stable(yaml), stable(json));
  assert.deepEqual({ ...toml.tests[0].mocks[0].calls[1] }, { name: 'add', arguments: '{}' });
  assert.equal(toml.tests[0].mocks[0].tool_calls_remaining, 1);
});

test('--dump of a run that finds no tests is an empty list', () => {
  const root = fixtureDir({ 'notes.txt': '' });
  const dump = join(root, 'dump.json');
  const cli = brainbench([root, '--dump', dump]);
  assert.equal(cli.status, 1);
  assert.match(cli.stderr, /no omw\.test\.\* files/);
  assert.deepEqual(JSON.parse(readFileSync(dump, 'utf8')), { tests: [] });
});

test('PATH - runs one config from standard input, which needs --format', () => {
  const root = fixtureDir({ 'brain.js': "omw.host.log('info', 'from stdin');\n" });
  const run = (args: string[]) =>
    spawnSync(process.execPath, [join(process.cwd(), 'bin/brainbench.mjs'), 'test', ...args], {
      encoding: 'utf8',
      input: COMPLETES,
      cwd: root,
    });
  const passing = run(['-', '--format', 'toml']);
  assert.equal(passing.status, 0, passing.stderr);
  assert.match(passing.stdout, /^PASS -$/m);
  const unformatted = run(['-']);
  assert.equal(unformatted.status, 2);
  assert.match(unformatted.stderr, /standard input needs --format/);
  const badFormat = run(['-', '--format', 'ini']);
  assert.equal(badFormat.status, 2);
  assert.match(badFormat.stderr, /--format: expected toml, yaml or json, got ini/);
});

test('--watch re-runs the tests whose brain changed, and tests that appear', async () => {
  const root = fixtureDir({
    'a/omw.test.toml': COMPLETES,
    'a/brain.js': "omw.host.log('info', 'a');\n",
    'b/omw.test.toml': COMPLETES,
    'b/brain.js': "omw.host.log('info', 'b');\n",
  });
  const child = spawn(process.execPath, ['bin/brainbench.mjs', 'test', root, '--watch'], { stdio: 'pipe' });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const until = async (pattern: RegExp) => {
    // The first run starts agent processes: under heavy load that takes far longer than when quiet.
    const deadline = Date.now() + 90_000;
    while (!pattern.test(stdout)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${stdout}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    await until(/^2 passed, 0 failed$/m);
    writeFileSync(join(root, 'a/brain.js'), "'not completed';\n");
    await until(/^FAIL a\/omw\.test\.toml$[\s\S]*^0 passed, 1 failed$/m);
    assert.doesNotMatch(stdout.slice(stdout.indexOf('FAIL')), /b\/omw\.test\.toml/, 'b did not change');
    writeFileSync(join(root, 'c.omw.test.toml'), COMPLETES.replace('brain.js', 'b/brain.js'));
    await until(/^PASS c\.omw\.test\.toml$/m);
  } finally {
    child.kill();
  }
});
