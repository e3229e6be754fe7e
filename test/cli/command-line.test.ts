// The command line's answers to what a user gets wrong, run as the real `brainbench` in a child
// process: each is one clear line on stderr and an exit code, never a stack trace.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixtureDir } from '../config/fixture-dir.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

const brainbench = (args: string[], cwd = process.cwd()) =>
  spawnSync(process.execPath, [BRAINBENCH, ...args], { encoding: 'utf8', cwd, env: { ...process.env, NO_COLOR: '1' } });

/** Exactly one line on stderr, and no stack frame in it. */
function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `expected one line, got:\n${stderr}`);
  assert.doesNotMatch(stderr, /^\s+at /m);
  return lines[0]!;
}

test('--version prints the version package.json gives', () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const cli = brainbench(['--version']);
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(cli.stdout, `brainbench ${version}\n`);
});

test('an unknown command says so in one line, with the nearest command, and exits 2; --help is the usage on stdout', () => {
  const cli = brainbench(['frobnicate']);
  assert.equal(cli.status, 2);
  assert.equal(cli.stderr, 'brainbench: unknown command frobnicate; `brainbench --help` lists them\n');
  const typo = brainbench(['rnu']);
  assert.equal(typo.stderr, 'brainbench: unknown command rnu (did you mean run?); `brainbench --help` lists them\n');
  const help = brainbench(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage:/);
});

test('a mistake in the options is one line naming the option, and the nearest one that exists', () => {
  const cases: [string[], string][] = [
    [['run', '--recrod', 'x.jsonl'], 'run: unknown option --recrod (did you mean --record?)'],
    [['serve', '--prot', '3'], 'serve: unknown option --prot (did you mean --port?)'],
    [['test', '--bogus'], 'test: unknown option --bogus'],
    [['run', '--config'], 'run: option --config needs a value'],
    [['test', '--watch=1'], 'test: option --watch takes no value'],
  ];
  for (const [args, message] of cases) {
    const cli = brainbench(args);
    assert.equal(cli.status, 2, args.join(' '));
    assert.equal(cli.stderr, `brainbench: ${message}; \`brainbench ${args[0]} --help\` shows its usage\n`);
  }
});

test('a config file that is not there is one line, without the system error code', () => {
  const cli = brainbench(['run', '--config', '/nonexistent/omw.toml', '--log-format', 'tty']);
  assert.equal(cli.status, 1);
  assert.equal(oneLine(cli.stderr), 'config error: /nonexistent/omw.toml: cannot read the configuration: no such file');
});

test('serve of a path that is not there is one line', () => {
  const cli = brainbench(['serve', '/nonexistent']);
  assert.equal(cli.status, 1);
  assert.equal(oneLine(cli.stderr), 'brainbench: cannot open /nonexistent: no such folder or file');
});

test('serve on a port in use is one line naming the port', async () => {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  try {
    const cli = brainbench(['serve', 'examples/workspace', '--port', String(port)]);
    assert.equal(cli.status, 1);
    assert.match(oneLine(cli.stderr), new RegExp(`^brainbench: port ${port} on 127\\.0\\.0\\.1 is in use: `));
    assert.equal(cli.stdout, '', 'no URL is printed');
  } finally {
    await new Promise((resolve) => listener.close(resolve));
  }
});

test('run of a config without agents says it has none', () => {
  const root = fixtureDir({ 'omw.toml': '' });
  const cli = brainbench(['run', '--log-format', 'tty'], root);
  assert.equal(cli.status, 1);
  assert.equal(
    oneLine(cli.stderr),
    `brainbench: ${join(root, 'omw.toml')} has no agents, so there is nothing to run: add an [agents.<name>] table`,
  );
});

test("a brain's error names its file, line and column", () => {
  const root = fixtureDir({
    'omw.toml': [
      '[runtime.js]\nkind = "js"\n[runtime.rhai]\nkind = "rhai"',
      '[agents.alice]\nruntime = "js"\nscript = "brains/broken.js"',
      '[agents.bob]\nruntime = "rhai"\nscript = "brains/broken.rhai"',
      '[agents.carol]\nruntime = "js"\nscript = "brains/throws.js"',
    ].join('\n'),
    'brains/broken.js': 'let x = ;\n',
    'brains/broken.rhai': 'let x = 1;\nlet y = ;\n',
    'brains/throws.js': '\n\nthrow new Error("boom");\n',
  });
  const cli = brainbench(['run', '--log-format', 'tty'], root);
  assert.equal(cli.status, 1);
  assert.match(cli.stderr, /alice: failed: brains\/broken\.js:1:\d+: SyntaxError/);
  assert.match(cli.stderr, /bob: failed: brains\/broken\.rhai:2:\d+: /);
  assert.match(cli.stderr, /carol: failed: brains\/throws\.js:3:\d+: Error: boom/);
  assert.match(cli.stderr, /^\[carol#1\] iteration failed after [\d.]+ ms: brains\/throws\.js:3:\d+: Error: boom$/m);
});
