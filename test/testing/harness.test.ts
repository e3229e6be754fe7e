import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { discoverTests } from '../../main/testing/discover-tests.ts';
import { runTest } from '../../main/testing/run-test.ts';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'brainbench-tests-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const AGENT = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "brain.js"\n';
const options = () => ({ spawner: forkSpawner, entry: agentEntry(), env: {} });

test('discovery finds test files, never bases, templates or hidden folders, sorted, with filters', () => {
  const root = tree({
    'omw.test.base.toml': '',
    'b/omw.test.toml': '',
    'a/chat.omw.test.yaml': '',
    'a/omw.test.base.json': '',
    'a/x.template.omw.test.toml': '',
    '.hidden/omw.test.toml': '',
    'c/notes.toml': '',
  });
  assert.deepEqual(
    discoverTests(root).map((t) => t.label),
    ['a/chat.omw.test.yaml', 'b/omw.test.toml'],
  );
  assert.deepEqual(
    discoverTests(root, { include: ['a/**'] }).map((t) => t.label),
    ['a/chat.omw.test.yaml'],
  );
  assert.deepEqual(
    discoverTests(root, { exclude: ['*/omw.test.toml'] }).map((t) => t.label),
    ['a/chat.omw.test.yaml'],
  );
  const named = join(root, 'b/omw.test.toml');
  assert.deepEqual(
    discoverTests(named, { include: ['a/**'] }).map((t) => t.file),
    [named],
    'a file named as the root is run whatever the filters say',
  );
});

test('a failing assertion fails the test with a diff that shows where matching stopped', async () => {
  const root = tree({
    'omw.test.toml': `${AGENT}
[assertions.alice]
outcome = "completed"
events = [ { kind = "call", op = "memory_set" }, { kind = "call", op = "memory_remove" } ]
`,
    'brain.js': "omw.host.memorySet('k', 'v');\nomw.host.log('info', 'done');\n",
  });
  const result = await runTest(join(root, 'omw.test.toml'), options());
  assert.equal(result.pass, false);
  const reason = result.agents[0]!.reason!;
  assert.match(reason, /assertion #2 of 2 not satisfied/);
  assert.match(reason, /#1 call memory_set \{"key":"k"\}\s+\[assertion #1\]/);
});

test('an exit message must match exactly', async () => {
  const root = tree({
    'omw.test.toml': `${AGENT}\n[assertions.alice]\noutcome = { exited = "done" }\n`,
    'brain.js': "'done!';\n",
  });
  const result = await runTest(join(root, 'omw.test.toml'), options());
  assert.equal(result.pass, false);
  assert.match(result.agents[0]!.reason!, /outcome mismatch: expected \{ exited = "done" \}/);
});

test('a missing brain is a failure, not a skip', async () => {
  const root = tree({ 'omw.test.toml': `${AGENT}\n[assertions.alice]\noutcome = "completed"\n` });
  const result = await runTest(join(root, 'omw.test.toml'), options());
  assert.equal(result.pass, false);
  assert.match(result.errors.join('\n'), /cannot read brain .*brain\.js/);
});

test('an asserted agent passes the moment its events are seen and is stopped', async () => {
  const root = tree({
    'omw.test.toml': `${AGENT}
[agents.bystander]
runtime = "js"
script = "forever.js"

[assertions.alice]
outcome = "asserted"
events = [ { kind = "call", op = "memory_set", detail = { key = "^3$" } } ]
`,
    'brain.js': "for (let i = 0; ; i++) omw.host.memorySet(String(i), 'x');\n",
    'forever.js': 'omw.host.recv();\n',
  });
  const started = Date.now();
  const result = await runTest(join(root, 'omw.test.toml'), options());
  assert.deepEqual(result.errors, []);
  assert.equal(result.pass, true);
  assert.ok(Date.now() - started < 10_000, 'the looping and the blocked brain do not hang the test');
});

test('the test timeout ends a run whose assertions never settle', async () => {
  const root = tree({
    'omw.test.toml': `${AGENT}
[tunables]
test_timeout_secs = 1

[assertions.alice]
events = [ { kind = "inbound", event = "message" } ]
`,
    'brain.js': 'omw.host.sleepFor(30000);\n',
  });
  const result = await runTest(join(root, 'omw.test.toml'), options());
  assert.equal(result.pass, false);
  assert.match(result.agents[0]!.reason!, /timed out after 1 s/);
  assert.ok(result.durationMs < 8000);
});

test('brainbench test prints PASS and FAIL lines, a tally, and exits non-zero on failure', () => {
  const root = tree({
    'good/omw.test.toml': `${AGENT}\n[assertions.alice]\noutcome = "completed"\n`,
    'good/brain.js': "omw.host.log('info', 'ok');\n",
    'bad/omw.test.toml': `${AGENT}\n[assertions.alice]\noutcome = "completed"\n`,
    'bad/brain.js': "'not completed';\n",
  });
  const cli = spawnSync(process.execPath, ['bin/brainbench.mjs', 'test', root, '--all', '-j', '1'], {
    encoding: 'utf8',
  });
  assert.equal(cli.status, 1);
  assert.match(cli.stdout, /^FAIL bad\/omw\.test\.toml$/m);
  assert.match(cli.stdout, /^PASS good\/omw\.test\.toml$/m);
  assert.match(cli.stdout, /^1 passed, 1 failed$/m);
});

test('every example passes under brainbench test', () => {
  const cli = spawnSync(process.execPath, ['bin/brainbench.mjs', 'test', 'examples', '--all'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stdout + cli.stderr);
  assert.doesNotMatch(cli.stdout, /^FAIL/m);
  assert.match(cli.stdout, /^\d+ passed, 0 failed$/m);
});

test('the workspace npm start opens runs every agent on every runtime to a clean end', () => {
  const args = ['bin/brainbench.mjs', 'run', '--config', 'examples/workspace/omw.toml', '--log-format', 'tty'];
  const cli = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  assert.equal(cli.status, 0, cli.stderr);
  assert.match(cli.stderr, /\[reporter#1\] iteration exited: finding: omw runs agent brains/);
  assert.match(cli.stderr, /\[ticker#1\] INFO ticked 3 times so far/);
  assert.match(cli.stderr, /\[component#1\] iteration exited: Hello from a WebAssembly component!/);
  assert.match(cli.stderr, /\[welcomer#1\] INFO greeting #1 for Grace: Hello!/);
  assert.doesNotMatch(cli.stderr, /failed/);
});
