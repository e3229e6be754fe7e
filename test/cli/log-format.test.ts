// `brainbench run --log-format`: journald priorities, one JSON object per line for pipe, terminal
// colours, and what `auto` picks.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatLogEntry, resolveLogFormat } from '../../main/cli/log-format.ts';
import { fixtureDir } from '../config/fixture-dir.ts';

const CONFIG = '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "brain.js"\n';
const BRAIN = "omw.host.log('warn', 'careful');\nomw.host.log('info', 'fine');\nomw.host.log('debug', 'detail');\n";

const run = (args: string[], brain = BRAIN) => {
  const root = fixtureDir({ 'omw.toml': CONFIG, 'brain.js': brain });
  const cli = spawnSync(process.execPath, ['bin/brainbench.mjs', 'run', '--config', join(root, 'omw.toml'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, JOURNAL_STREAM: '' },
  });
  return { ...cli, root };
};

test('journald gives every line its syslog priority', () => {
  const cli = run(['--log-format', 'journald']);
  assert.equal(cli.status, 0, cli.stderr);
  assert.match(cli.stderr, /^<4>\[alice#1\] WARN careful$/m);
  assert.match(cli.stderr, /^<6>\[alice#1\] INFO fine$/m);
  assert.match(cli.stderr, /^<7>\[alice#1\] DEBUG detail$/m);
  assert.match(cli.stderr, /^<6>\[alice#1\] iteration completed in/m);
});

test('pipe writes one JSON object per line, in the layout of tracing JSON', () => {
  const cli = run(['--log-format', 'pipe']);
  assert.equal(cli.status, 0, cli.stderr);
  const lines = cli.stderr.split('\n').filter((line) => line !== '');
  const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const record of records) assert.match(String(record.timestamp), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/);
  const without = records.map(({ timestamp: _timestamp, ...rest }) => rest);
  assert.deepEqual(without.slice(0, 3), [
    { level: 'WARN', message: 'careful', agent: 'alice', iteration: 1, target: 'brainbench' },
    { level: 'INFO', message: 'fine', agent: 'alice', iteration: 1, target: 'brainbench' },
    { level: 'DEBUG', message: 'detail', agent: 'alice', iteration: 1, target: 'brainbench' },
  ]);
  assert.equal(without[3]!.message, 'iteration completed');
  assert.equal(typeof without[3]!.duration_ms, 'number');
});

test('pipe names a failed brain and its line as keys; an unknown format is a usage error', () => {
  const failed = run(['--log-format', 'pipe'], '\nthrow new Error("boom");\n');
  assert.equal(failed.status, 1);
  const records = failed.stderr
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const end = records.find((record) => record.message === 'iteration failed');
  assert.deepEqual(
    { level: end?.level, brain: end?.brain, line: end?.line, error: end?.error },
    { level: 'ERROR', brain: join(failed.root, 'brain.js'), line: 2, error: 'Error: boom' },
  );
  const wrong = run(['--log-format', 'syslog']);
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /--log-format: expected auto, tty, pipe, journald, got syslog/);
});

test('tty colours warnings and errors unless NO_COLOR; auto picks journald, a terminal or a pipe', () => {
  const entry = (severity: 'warn' | 'error' | 'info', text: string) => ({ severity, text });
  assert.equal(formatLogEntry(entry('warn', 'x'), 'tty', {}), '\x1b[33mx\x1b[0m');
  assert.equal(formatLogEntry(entry('error', 'x'), 'tty', {}), '\x1b[31mx\x1b[0m');
  assert.equal(formatLogEntry(entry('info', 'x'), 'tty', {}), 'x');
  assert.equal(formatLogEntry(entry('error', 'x'), 'tty', { NO_COLOR: '1' }), 'x');
  assert.equal(formatLogEntry(entry('error', 'a\nb'), 'journald'), '<3>a\n<3>b');
  assert.equal(JSON.parse(formatLogEntry(entry('error', 'a\nb'), 'pipe')).message, 'a\nb');
  assert.equal(resolveLogFormat('auto', { JOURNAL_STREAM: '8:1234' }, true), 'journald');
  assert.equal(resolveLogFormat('auto', {}, true), 'tty');
  assert.equal(resolveLogFormat('auto', { NO_COLOR: '1' }, true), 'tty');
  assert.equal(resolveLogFormat('auto', {}, false), 'pipe');
  assert.equal(resolveLogFormat('pipe', { JOURNAL_STREAM: '8:1234' }, true), 'pipe');
});
