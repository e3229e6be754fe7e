// `brainbench fork` end to end: a run recorded with --record, forked with edited memory from the
// command line, printing the branch file and its diff with the original; bad options refused.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { loadRecording } from '../../main/recording/recording.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');

async function brainbench(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BRAINBENCH, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const BRAIN = `
const mood = omw.host.memoryGet('mood') ?? 'calm';
const answer = omw.provider.get('p').chat('m', [{ role: 'user', content: mood }], []);
answer.content + ' ' + mood;
`;

test('brainbench fork runs a branch with edited memory and prints its diff with the original', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-forkcli-'));
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "alice.js"\n' +
      '[providers.p]\nkind = "mock"\nturns = [ { content = "hi" } ]\n',
  );
  writeFileSync(join(dir, 'alice.js'), BRAIN);
  writeFileSync(join(dir, 'memory.json'), '{"mood":"angry"}');
  const recorded = await brainbench(['run', '--record', 'run.jsonl'], dir);
  assert.equal(recorded.code, 0, recorded.stderr);

  const forked = await brainbench(
    ['fork', 'run.jsonl', '--agent', 'alice', '--after', '0', '--memory', '@memory.json', '--out', 'b.jsonl'],
    dir,
  );
  assert.equal(forked.code, 0, forked.stderr);
  assert.match(forked.stdout, /^wrote b\.jsonl: 0 iteration\(s\) replayed, 1 live\n/);
  assert.match(forked.stdout, /DIVERGED alice iteration 1 call 3/);
  assert.match(forked.stdout, /"calm" -> "angry"/);
  const branch = loadRecording(join(dir, 'b.jsonl'));
  assert.deepEqual(branch.header.branch?.edits, ['memory: 1 key(s) edited']);
  assert.equal(branch.header.branch?.name, 'alice-after-0-1');

  const again = await brainbench(['fork', 'run.jsonl', '--agent', 'alice', '--after', '0', '--out', 'b.jsonl'], dir);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /b\.jsonl exists: a branch is never written over a file/);
  const noAfter = await brainbench(['fork', 'run.jsonl', '--agent', 'alice', '--out', 'c.jsonl'], dir);
  assert.equal(noAfter.code, 2);
  assert.match(noAfter.stderr, /fork needs --after K/);
  const badMemory = await brainbench(
    ['fork', 'run.jsonl', '--agent', 'alice', '--after', '1', '--memory', '[1]', '--out', 'c.jsonl'],
    dir,
  );
  assert.equal(badMemory.code, 1);
  assert.match(badMemory.stderr, /--memory: expected a JSON object of strings/);
  assert.equal(existsSync(join(dir, 'c.jsonl')), false);
});
