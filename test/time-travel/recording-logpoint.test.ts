// Logpoints in the past of an opened recording, for a Rhai, a JS and a Python brain on real agent
// processes (docs/debugging.md#logpoints-in-the-past): a workbench session runs the counting brain
// three times with a live logpoint in its loop, and records itself; the session's recording, opened,
// given the same logpoint, says exactly what the live logpoint said, each message with its
// iteration. A hot loop keeps to 100 messages an iteration and counts the rest, as a live logpoint
// does; a brain that makes fewer host calls than were recorded has not run as recorded; hostile
// paths and agents are refused in one line.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { WorkbenchEvent } from '../../contract/workbench-event.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { workspace } from '../supervisor/workspace.ts';
import { COUNTING_BRAINS, countingConfig, EXTENSIONS, type Kind } from './past-fixture.ts';

const SESSION = '.brainbench/session.jsonl';
const LOOP_LINE = 5;
const MESSAGE = 'i={i} total={total}';

/** The live logpoint's messages, by iteration, as the Debug output said them. */
function liveMessages(events: readonly WorkbenchEvent[]): string[] {
  return events.flatMap((event) =>
    event.type === 'debug' &&
    event.notification.type === 'output' &&
    event.notification.iteration === undefined &&
    !event.notification.text.startsWith('(past)')
      ? [event.notification.text]
      : [],
  );
}

/** A workbench on a workspace of the counting brain (or `brain`), run `steps` times with a live logpoint. */
async function runWithLogpoint(
  kind: Kind,
  steps: number,
  brain = COUNTING_BRAINS[kind],
  line = LOOP_LINE,
  message = MESSAGE,
): Promise<{ workbench: Workbench; dir: string; live: string[] }> {
  const file = `brain.${EXTENSIONS[kind]}`;
  const { dir } = workspace(countingConfig(kind), { [file]: brain });
  const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
  const events: WorkbenchEvent[] = [];
  workbench.subscribe((event) => events.push(event));
  await workbench.open(dir);
  workbench.setSourceBreakpoints(file, [{ line, logMessage: message }], null);
  for (let i = 0; i < steps; i++) await workbench.step('a');
  return { workbench, dir, live: liveMessages(events) };
}

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`a logpoint in the past of an opened ${kind} recording`, { timeout: 180_000 }, () => {
    it('says exactly what the live logpoint said, each message with its iteration', async () => {
      const { workbench, live } = await runWithLogpoint(kind, 3);
      try {
        const brain = `brain.${EXTENSIONS[kind]}`;
        const past = await workbench.recordingPast.logpoint(SESSION, 'a', brain, LOOP_LINE, MESSAGE, false);
        assert.equal(live.length, 6, live.join('\n'));
        assert.deepEqual(
          past.values.map((v) => v.value),
          live,
        );
        assert.deepEqual(
          past.values.map((v) => v.iteration),
          [1, 2, 2, 3, 3, 3],
        );
        assert.deepEqual([past.iterations, past.diverged, past.dropped], [3, [], 0]);

        await assert.rejects(
          workbench.recordingPast.logpoint(SESSION, 'a', '../../etc/passwd', 1, 'x', false),
          (error: Error) => /outside/.test(error.message) && !error.message.includes('\n'),
        );
        await assert.rejects(
          workbench.recordingPast.logpoint('/etc/passwd', 'a', brain, 1, 'x', false),
          (error: Error) => /outside/.test(error.message) && !error.message.includes('\n'),
        );
        await assert.rejects(
          workbench.recordingPast.logpoint(SESSION, 'nobody', brain, 1, 'x', false),
          (error: Error) => /no agent "nobody"/.test(error.message) && !error.message.includes('\n'),
        );
        await assert.rejects(workbench.recordingPast.logpoint(SESSION, 'a', brain, 1, '  ', false), /needs a message/);
      } finally {
        await workbench.close();
      }
    });
  });
}

describe('a logpoint in the past of a hot loop', { timeout: 180_000 }, () => {
  it('says 100 messages an iteration and counts the rest, as the live logpoint does', async () => {
    const hot = 'let n = omw::host::memory_get("n");\nfor i in 0..150 {\n    n += "";\n}\nn\n';
    const { workbench, live } = await runWithLogpoint('rhai', 2, hot, 3, 'i={i}');
    try {
      const past = await workbench.recordingPast.logpoint(SESSION, 'a', 'brain.rhai', 3, 'i={i}', false);
      assert.equal(past.values.length, 200);
      assert.equal(past.dropped, 100);
      assert.deepEqual(
        past.values.map((v) => v.value),
        live.filter((text) => text.startsWith('i=')),
      );
      assert.equal(live.filter((text) => /^50 more logpoint messages were dropped/.test(text)).length, 2);
    } finally {
      await workbench.close();
    }
  });
});

describe('a logpoint over a recording whose brain now makes fewer host calls', { timeout: 180_000 }, () => {
  it('names every iteration as not run as recorded', async () => {
    const { workbench, dir } = await runWithLogpoint('rhai', 2);
    try {
      // Same lines, but the memory write is gone: each iteration leaves a recorded call unused.
      const changed = COUNTING_BRAINS.rhai.replace('omw::host::memory_set("n", `${count}`);', '();');
      writeFileSync(join(dir, 'brain.rhai'), changed);
      const past = await workbench.recordingPast.logpoint(SESSION, 'a', 'brain.rhai', LOOP_LINE, MESSAGE, false);
      assert.deepEqual(past.diverged, [1, 2]);
    } finally {
      await workbench.close();
    }
  });
});
