// What a run writes reaches a pipe whole, even when the reader at its other end is slow: a pipe
// takes writes asynchronously once full, and the command line waits for them before it exits.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

test('every printed line reaches a slow reader of standard error before the command exits', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-piped-'));
  try {
    writeFileSync(
      join(dir, 'omw.toml'),
      '[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n',
    );
    writeFileSync(join(dir, 'a.rhai'), 'for i in 0..5000 { print(`line ${i}`); }\n');
    const child = spawn(process.execPath, [BRAINBENCH, 'run', '--config', join(dir, 'omw.toml')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    // Nothing is read until the run has had time to finish writing, so the pipe fills up.
    child.stderr.pause();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.resume();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
    const lines = text.split('\n').filter((line) => line.includes('"print":true'));
    assert.equal(lines.length, 5000);
    assert.match(lines.at(-1)!, /line 4999/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a reader that stops early ends the command quietly, with the status of a closed pipe', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-closed-'));
  try {
    for (let i = 0; i < 6; i++) {
      const folder = join(dir, `case-${i}`);
      mkdirSync(folder);
      writeFileSync(
        join(folder, 'omw.test.toml'),
        '[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "a.rhai"\n',
      );
      writeFileSync(join(folder, 'a.rhai'), 'print("ran");\n');
    }
    const child = spawn(process.execPath, [BRAINBENCH, 'test', dir, '-j', '1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    // As `head -1` does: the first line read, the pipe closed.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 141, errors);
    assert.doesNotMatch(errors, /EPIPE|Unhandled|at /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
