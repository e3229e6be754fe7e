// A workspace that is not perfect still opens: a copy of the example workspace elsewhere (its wasm
// agent's component path no longer resolves), a missing or unreadable brain, a folder that
// vanishes. The agent concerned fails with a clear message, everything else runs, and the brain
// is picked up when it appears. Real agent processes, real files; `brainbench serve` as a process.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, describe, it } from 'node:test';
import type { AgentStatus } from '../../contract/agent-status.ts';
import type { IterationResult } from '../../contract/iteration-result.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const EXAMPLE = join(import.meta.dirname, '../../examples/workspace');

async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The error of a failed iteration; anything else fails the test. */
function failure(result: IterationResult): string {
  assert.equal(result.kind, 'failed', JSON.stringify(result));
  return result.kind === 'failed' ? result.error : '';
}

/** The message a brain exited with; anything else fails the test. */
function exitMessage(result: IterationResult): string {
  assert.ok(result.kind === 'outcome' && typeof result.outcome === 'object', JSON.stringify(result));
  return result.kind === 'outcome' && typeof result.outcome === 'object' ? result.outcome.exited : '';
}

const dirs: string[] = [];
const scratch = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-imperfect-'));
  dirs.push(dir);
  return dir;
};
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('a workspace that is not perfect', () => {
  let workbench: Workbench | undefined;
  afterEach(async () => {
    await workbench?.close();
    workbench = undefined;
  });

  const open = async (dir: string) => {
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    const view = await workbench.open(dir);
    return { workbench, view };
  };
  const status = (agent: string): AgentStatus => workbench!.workspace().agents.find((a) => a.name === agent)!.status;

  it('a copy of the example workspace opens; only the agent whose component is gone fails, saying so', async () => {
    const dir = scratch();
    cpSync(EXAMPLE, dir, { recursive: true });
    const { workbench: bench, view } = await open(dir);
    assert.equal(view.configError, undefined);
    const failed = failure(await bench.step('component'));
    assert.match(failed, /hello\.wasm/);
    assert.match(failed, /no such file|not found|does not exist/i);
    for (const agent of ['ticker', 'assistant']) {
      assert.notEqual((await bench.step(agent)).kind, 'failed', agent);
    }
  });

  it('a missing brain fails its agent; the agent picks the brain up when it appears', async () => {
    const dir = scratch();
    writeFileSync(
      join(dir, 'omw.toml'),
      '[runtime.r]\nkind = "rhai"\n\n[agents.here]\nruntime = "r"\nscript = "here.rhai"\n\n' +
        '[agents.later]\nruntime = "r"\nscript = "later/brain.rhai"\n\n[agents.folder]\nruntime = "r"\nscript = "folder.rhai"\n',
    );
    writeFileSync(join(dir, 'here.rhai'), 'exit("here")');
    // Unreadable as a brain even for root: a folder where the file should be.
    mkdirSync(join(dir, 'folder.rhai'));
    const { workbench: bench } = await open(dir);
    assert.equal(exitMessage(await bench.step('here')), 'here');
    assert.match(failure(await bench.step('later')), /later\/brain\.rhai/);
    assert.match(failure(await bench.step('folder')), /folder\.rhai/);

    mkdirSync(join(dir, 'later'));
    writeFileSync(join(dir, 'later', 'brain.rhai'), 'exit("arrived")');
    assert.equal(status('later').state, 'failed');
    await until('the new brain is picked up', () => status('later').state === 'idle');
    assert.equal(exitMessage(await bench.step('later')), 'arrived');
  });

  it('a brain folder that vanishes and comes back is watched again', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'brains'));
    writeFileSync(
      join(dir, 'omw.toml'),
      '[runtime.r]\nkind = "rhai"\n\n[agents.a]\nruntime = "r"\nscript = "brains/a.rhai"\n\n' +
        '[agents.b]\nruntime = "r"\nscript = "b.rhai"\n',
    );
    writeFileSync(join(dir, 'brains', 'a.rhai'), 'exit("a")');
    writeFileSync(join(dir, 'b.rhai'), 'exit("b")');
    const { workbench: bench } = await open(dir);
    assert.equal(exitMessage(await bench.step('a')), 'a');
    writeFileSync(join(dir, 'brains', 'a.rhai'), 'exit(');
    assert.match(failure(await bench.step('a')), /incomplete/);
    rmSync(join(dir, 'brains'), { recursive: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(exitMessage(await bench.step('b')), 'b');
    mkdirSync(join(dir, 'brains'));
    writeFileSync(join(dir, 'brains', 'a.rhai'), 'exit("a again")');
    await until('the brain that came back is picked up', () => status('a').state === 'idle');
    assert.equal(exitMessage(await bench.step('a')), 'a again');
  });
});

describe('brainbench serve on a copy of the example workspace', () => {
  it('serves, rather than exiting on the component that no longer resolves', async () => {
    const dir = scratch();
    cpSync(EXAMPLE, dir, { recursive: true });
    const child = spawn(process.execPath, ['bin/brainbench.mjs', 'serve', dir, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let exited = false;
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    void exit.then(() => (exited = true));
    try {
      await until('the server prints its URL', () => /token=/.test(output) || exited, 30_000);
      assert.match(output, /token=/);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.equal(exited, false, output);
      assert.doesNotMatch(output, /ENOENT|at \S+ \(/);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exit, 0);
  });
});
