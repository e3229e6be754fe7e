// `brainbench test --shard I/N`: N slices of the sorted tests that together run each test once,
// the same slice every time.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { shardTests } from '../../main/testing/shard-tests.ts';
import { fixtureDir } from '../config/fixture-dir.ts';

const AGENT = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "../brain.js"\n';
const COMPLETES = `${AGENT}\n[assertions.alice]\noutcome = "completed"\n`;

const brainbench = (args: string[]) =>
  spawnSync(process.execPath, [join(process.cwd(), 'bin/brainbench.mjs'), 'test', ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

/** The tests that passed, sorted: they print in the order they finish. */
const passed = (stdout: string) => [...stdout.matchAll(/^PASS (.+)$/gm)].map((match) => match[1]).sort();

test('every test runs in exactly one shard, and a shard is the same slice on every run', () => {
  const names = ['a', 'b', 'c', 'd', 'e'];
  const root = fixtureDir({
    'brain.js': '',
    ...Object.fromEntries(names.map((name) => [`${name}/omw.test.toml`, COMPLETES])),
  });
  const first = brainbench([root, '--shard', '1/2', '--log-format', 'tty']);
  assert.equal(first.status, 0, first.stderr);
  assert.deepEqual(passed(first.stdout), ['a/omw.test.toml', 'b/omw.test.toml', 'c/omw.test.toml']);
  assert.match(first.stdout, /^3 passed, 0 failed$/m);
  // The shard's line, then the run's timing line (main/testing/test-overhead.ts).
  assert.match(
    first.stderr,
    /^shard 1\/2: 3 of 5 tests\n3 tests in [\d.]+ s, \d+ at a time \(overhead \d+ ms\/test\)\n$/,
  );
  const second = brainbench([root, '--shard=2/2']);
  assert.equal(second.status, 0, second.stderr);
  assert.deepEqual(passed(second.stdout), ['d/omw.test.toml', 'e/omw.test.toml']);
  const again = brainbench([root, '--shard', '1/2']);
  assert.deepEqual(passed(again.stdout), passed(first.stdout));
});

test('the shard applies after --include; an empty shard passes; a bad shard is a usage error', () => {
  const root = fixtureDir({
    'brain.js': '',
    'a/omw.test.toml': COMPLETES,
    'b/omw.test.toml': COMPLETES,
    'skip/omw.test.toml': COMPLETES,
  });
  const filtered = brainbench([root, '--exclude', 'skip/**', '--shard', '2/2']);
  assert.equal(filtered.status, 0, filtered.stderr);
  assert.deepEqual(passed(filtered.stdout), ['b/omw.test.toml']);
  const empty = brainbench([root, '--exclude', 'skip/**', '--shard', '3/3', '--log-format', 'tty']);
  assert.equal(empty.status, 0, empty.stderr);
  assert.match(empty.stderr, /^shard 3\/3 has no tests: 2 tests over 3 shards$/m);
  for (const bad of ['0/2', '3/2', '1', 'a/b']) {
    const cli = brainbench([root, '--shard', bad]);
    assert.equal(cli.status, 2, bad);
    assert.match(
      cli.stderr,
      new RegExp(`^brainbench: test: --shard: expected I/N with 1 <= I <= N, e\\.g\\. 2/3, got ${bad}; `),
    );
  }
  const watching = brainbench([root, '--shard', '1/2', '--watch']);
  assert.equal(watching.status, 2);
  assert.match(
    watching.stderr,
    /^brainbench: test: --shard and --watch cannot be combined; `brainbench test --help` shows its usage\n/,
  );
});

test('shards split any number of tests into slices whose sizes differ by at most one', () => {
  for (let length = 0; length <= 12; length++) {
    const tests = Array.from({ length }, (_, i) => i);
    for (let total = 1; total <= 5; total++) {
      const shards = Array.from({ length: total }, (_, i) => shardTests(tests, { index: i + 1, total }));
      assert.deepEqual(shards.flat(), tests, `${length} tests over ${total}`);
      const sizes = shards.map((shard) => shard.length);
      assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `${length} tests over ${total}: ${sizes}`);
    }
  }
});
