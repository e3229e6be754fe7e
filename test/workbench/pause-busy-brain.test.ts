// Pause in the workbench stops a brain that computes without calling the host, in every script
// runtime, with nothing set before its iteration began: JavaScript picks its instrumented code at
// an iteration's start, so the workbench keeps its engine attached (a pause reached it only at its
// next host call, or never: the busy limit ended the iteration first).

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AgentStatus } from '../../contract/agent-status.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

/** Each brain counts in a loop that runs for far longer than the test waits, calling nothing. */
const BRAINS = {
  js: { file: 'busy.js', line: 3, text: 'let i = 0;\nfor (let k = 0; k < 1e12; k++) {\n  i = i + 1;\n}\ni;\n' },
  rhai: { file: 'busy.rhai', line: 3, text: 'let i = 0;\nfor k in 0..1000000000000 {\n  i += 1;\n}\ni\n' },
  python: { file: 'busy.py', line: 3, text: 'i = 0\nfor k in range(10**12):\n    i += 1\ni\n' },
};

const config = Object.entries(BRAINS)
  .map(
    ([kind, { file }]) =>
      `[runtime.${kind}]\nkind = "${kind}"\n\n[agents.${kind}]\nruntime = "${kind}"\nscript = "${file}"\n`,
  )
  .join('\n')
  // Stopping a busy brain preempts it at once rather than after omw's 5 s of grace.
  .concat('\n[tunables]\nreload_grace_secs = 0\n');

let root: string;
let workbench: Workbench;

async function until(find: () => AgentStatus | undefined, what: string, ms: number): Promise<AgentStatus> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Pause on a brain busy in a loop', () => {
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'brainbench-pause-busy-'));
    writeFileSync(join(root, 'omw.toml'), config);
    for (const { file, text } of Object.values(BRAINS)) writeFileSync(join(root, file), text);
    workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    await workbench.open(root);
  });
  after(async () => {
    await workbench.close();
    rmSync(root, { recursive: true, force: true });
  });

  for (const [kind, brain] of Object.entries(BRAINS)) {
    it(`stops a ${kind} brain in its loop, with its count to read`, async () => {
      const status = () => workbench.workspace().agents.find((agent) => agent.name === kind)!.status;
      void workbench.step(kind).catch(() => undefined);
      await until(() => (status().state === 'running' ? status() : undefined), 'the iteration to start', 30_000);
      // Well into the loop (the engine's busy limit is 5 s).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      workbench.debugging.pause(kind);
      const stopped = await until(
        () => (status().stoppedAt || status().state !== 'running' ? status() : undefined),
        'the pause',
        3000,
      );
      assert.equal(stopped.state, 'paused', JSON.stringify(stopped));
      assert.equal(stopped.stoppedAt?.reason, 'pause');
      const debug = workbench.debugging.debugger;
      const [top] = await debug.stackTrace(kind);
      assert.ok(top && top.line >= 2 && top.line <= brain.line, `stopped in the loop: ${JSON.stringify(top)}`);
      const i = await debug.evaluate(kind, top.id, 'i');
      assert.ok(Number(i.result) > 0, `the count so far: ${i.result}`);
      await workbench.stop(kind);
    });
  }
});
