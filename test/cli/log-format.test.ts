// `brainbench run --log-format`: journald priorities, terminal colours, plain text, and `auto`.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatLogLine, resolveLogFormat } from '../../main/cli/log-format.ts';
import { fixtureDir } from '../config/fixture-dir.ts';

const CONFIG = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "brain.js"\n';
const BRAIN = "omw.host.log('warn', 'careful');\nomw.host.log('info', 'fine');\nomw.host.log('debug', 'detail');\n";

const run = (args: string[]) => {
  const root = fixtureDir({ 'omw.toml': CONFIG, 'brain.js': BRAIN });
  return spawnSync(process.execPath, ['bin/brainbench.mjs', 'run', '--config', join(root, 'omw.toml'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, JOURNAL_STREAM: '' },
  });
};

test('journald gives every line its syslog priority', () => {
  const cli = run(['--log-format', 'journald']);
  assert.equal(cli.status, 0, cli.stderr);
  assert.match(cli.stderr, /^<4>\[alice#1\] WARN careful$/m);
  assert.match(cli.stderr, /^<6>\[alice#1\] INFO fine$/m);
  assert.match(cli.stderr, /^<7>\[alice#1\] DEBUG detail$/m);
  assert.match(cli.stderr, /^<6>\[alice#1\] iteration completed in/m);
});

test('pipe is plain text; an unknown format is a usage error', () => {
  const plain = run(['--log-format', 'pipe']);
  assert.match(plain.stderr, /^\[alice#1\] WARN careful$/m);
  assert.ok(!plain.stderr.includes('\x1b['), 'no colour codes');
  assert.doesNotMatch(plain.stderr, /^<\d>/m);
  const wrong = run(['--log-format', 'syslog']);
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /--log-format: expected auto, tty, pipe, journald, got syslog/);
});

test('tty colours warnings and errors; auto picks journald, a terminal or a pipe', () => {
  assert.equal(formatLogLine('x', 'warn', 'tty'), '\x1b[33mx\x1b[0m');
  assert.equal(formatLogLine('x', 'error', 'tty'), '\x1b[31mx\x1b[0m');
  assert.equal(formatLogLine('x', 'info', 'tty'), 'x');
  assert.equal(formatLogLine('a\nb', 'error', 'journald'), '<3>a\n<3>b');
  assert.equal(resolveLogFormat('auto', { JOURNAL_STREAM: '8:1234' }, true), 'journald');
  assert.equal(resolveLogFormat('auto', {}, true), 'tty');
  assert.equal(resolveLogFormat('auto', { NO_COLOR: '1' }, true), 'pipe');
  assert.equal(resolveLogFormat('auto', {}, false), 'pipe');
  assert.equal(resolveLogFormat('pipe', { JOURNAL_STREAM: '8:1234' }, true), 'pipe');
});
