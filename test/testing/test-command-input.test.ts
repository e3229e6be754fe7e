// `brainbench test` given omw-test's spelling, paths that are not there, filters that leave
// nothing, tests that cannot run: each runs the real command line in a child process.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixtureDir } from '../config/fixture-dir.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');
const AGENT = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "brain.js"\n';
const COMPLETES = `${AGENT}\n[assertions.alice]\noutcome = "completed"\n`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const brainbench = (args: string[], cwd = process.cwd()) =>
  spawnSync(process.execPath, [BRAINBENCH, 'test', ...args], {
    encoding: 'utf8',
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  });

test('test run PATH is omw-test run PATH; test run alone searches the current folder', () => {
  const root = fixtureDir({ 'a/omw.test.toml': COMPLETES, 'a/brain.js': '' });
  const named = brainbench(['run', root]);
  assert.equal(named.status, 0, named.stderr);
  assert.equal(named.stdout, 'PASS a/omw.test.toml\n1 passed, 0 failed\n');
  const here = brainbench(['run', '--log-format', 'tty'], root);
  assert.equal(here.status, 0, here.stderr);
  assert.equal(here.stdout, 'PASS a/omw.test.toml\n1 passed, 0 failed\n');
  const two = brainbench(['run', root, 'more']);
  assert.equal(two.status, 2);
  assert.match(two.stderr, /^brainbench: test takes one PATH, got .* more; `brainbench test --help` shows its usage\n/);
});

test('a path that is not there is one line, not a stack trace', () => {
  const root = fixtureDir({});
  const cli = brainbench(['nowhere', '--log-format', 'tty'], root);
  assert.equal(cli.status, 1);
  assert.equal(cli.stderr, `brainbench: no such test file or folder: ${join(root, 'nowhere')}\n`);
});

test('--include and --exclude that leave no test say so', () => {
  const root = fixtureDir({ 'a/omw.test.toml': COMPLETES, 'b/omw.test.toml': COMPLETES, 'brain.js': '' });
  const included = brainbench([root, '--include', 'c/**', '--log-format', 'tty']);
  assert.equal(included.status, 1);
  assert.equal(included.stderr, `--include c/** leaves none of the 2 test files under ${root}\n`);
  const excluded = brainbench([root, '--include', 'a/**', '--exclude', '*/omw.test.toml', '--log-format', 'tty']);
  assert.equal(excluded.status, 1);
  assert.equal(
    excluded.stderr,
    `--include a/** --exclude */omw.test.toml leaves none of the 2 test files under ${root}\n`,
  );
});

test('a test config without agents fails, saying it has none', () => {
  const root = fixtureDir({ 'omw.test.toml': '' });
  const cli = brainbench([root]);
  assert.equal(cli.status, 1);
  assert.equal(
    cli.stdout,
    'FAIL omw.test.toml\n    the config has no agents: a test needs at least one [agents.<name>] table\n0 passed, 1 failed\n',
  );
});

test('an invalid assertion names its file, line and column', () => {
  const toml = `${AGENT}
[assertions.alice]
outcome = "completed"
events = [
  { kind = "call", op = "log" },
  { kind = "call", op = "(" },
]
`;
  const yaml = `runtime: { js: { kind: js } }
agents:
  alice: { runtime: js, script: brain.js }
assertions:
  alice:
    events:
      - kind: inbound
        event: no-such-event
`;
  const root = fixtureDir({ 'omw.test.toml': toml, 'y.omw.test.yaml': yaml, 'brain.js': '' });
  const cli = brainbench([root, '--all']);
  assert.equal(cli.status, 1);
  const file = join(root, 'omw.test.toml');
  assert.match(
    cli.stdout,
    new RegExp(`^    ${escaped(file)}:11:20: assertions\\.alice\\.events\\[1\\]\\.op: invalid regex "\\("`, 'm'),
  );
  const yamlFile = join(root, 'y.omw.test.yaml');
  assert.match(
    cli.stdout,
    new RegExp(`^    ${escaped(yamlFile)}:8:\\d+: assertions\\.alice\\.events\\[0\\]\\.event: `, 'm'),
  );
});

test('a failed brain is named by its file, line and column, in the results and in the logs', () => {
  const root = fixtureDir({
    'omw.test.toml': COMPLETES.replace('brain.js', 'brains/throws.js'),
    'brains/throws.js': '\n\nthrow new Error("boom");\n',
  });
  const cli = brainbench([root, '--log-format', 'pipe']);
  assert.equal(cli.status, 1);
  assert.match(cli.stdout, /^ {4}agent "alice" failed: brains\/throws\.js:3:\d+: Error: boom$/m);
  const logs = cli.stderr
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const failed = logs.find((record) => record.message === 'iteration failed');
  assert.deepEqual(
    { test: failed?.test, agent: failed?.agent, brain: failed?.brain, line: failed?.line },
    { test: 'omw.test.toml', agent: 'alice', brain: 'brains/throws.js', line: 3 },
  );
});
