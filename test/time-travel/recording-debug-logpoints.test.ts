// Logpoints in a recording's debug session (docs/debugging.md#time-travel-in-a-recording), for a
// Rhai, a JS and a Python brain on real agent processes: the counting brain's three recorded
// iterations (iteration N loops N times), a logpoint `i={i}` on the loop body and a breakpoint on
// `total = 0`. Each move says the messages of the statements it passes, with their iteration:
// Continue across an iteration's loop, Step over the body, and Reverse Continue back over a loop
// (in the brain's order). A loop of 150 turns says 100 and then counts the 50 it dropped, as a live
// iteration does; a step back over a loop's last turns (1,000 host calls) says each turn's message,
// and prints how long it took. Over the workbench API the move's view carries what it said. Going
// forward to the end of the recording stops at its last statement (it stopped at the first before).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { RecordingDebugger } from '../../main/debugger/recording-debugger.ts';
import { loadRecording } from '../../main/recording/recording.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { recordedPast } from '../../main/time-travel/recorded-past.ts';
import { Workbench } from '../../main/workbench/workbench.ts';
import { EXTENSIONS, recordCounting, type Kind } from './past-fixture.ts';

function recordingDebugger(dir: string, recording: string): RecordingDebugger {
  const config = loadConfig(join(dir, 'omw.toml'), { env: {} });
  const past = recordedPast(loadRecording(recording), config, 'a', false);
  return new RecordingDebugger({ past, spawner: forkSpawner, entry: agentEntry() });
}

/** The output a debugger says, taken move by move. */
function said(debug: RecordingDebugger) {
  let lines: { text: string; iteration?: number }[] = [];
  let line = 0;
  debug.onEvent((event) => {
    if (event.type === 'output')
      lines.push({ text: event.text, ...(event.iteration === undefined ? {} : { iteration: event.iteration }) });
    if (event.type === 'stopped') line = event.line ?? 0;
  });
  return {
    take(): { text: string; iteration?: number }[] {
      const taken = lines;
      lines = [];
      return taken;
    },
    get line(): number {
      return line;
    },
  };
}

/** Lines of `total = 0`, the loop body and the last statement in each counting brain. */
const ZERO = 3;
const BODY = 5;
const LAST = 10;

for (const kind of ['rhai', 'js', 'python'] as Kind[]) {
  describe(`logpoints in a ${kind} recording's debug session`, { timeout: 180_000 }, () => {
    it('say what each move passes, with the iteration, forward and back', async () => {
      const { dir, recording } = await recordCounting(kind, 3);
      const name = `brain.${EXTENSIONS[kind]}`;
      const debug = recordingDebugger(dir, recording);
      const output = said(debug);
      try {
        debug.setSourceBreakpoints(join(dir, name), [{ line: ZERO }, { line: BODY, logMessage: 'i={i}' }]);
        await debug.start(2, 'continue');
        assert.equal(output.line, ZERO);
        assert.deepEqual(output.take(), [], 'nothing logs before the loop');

        // On across iteration 2's loop (count 2) to iteration 3's breakpoint.
        await debug.resume('continue');
        assert.deepEqual(output.take(), [
          { text: `iteration 2, ${name}:${BODY}: i=0`, iteration: 2 },
          { text: `iteration 2, ${name}:${BODY}: i=1`, iteration: 2 },
        ]);
        // Step over, into the loop: the body's statement says its message as the step passes it.
        await debug.resume('next');
        await debug.resume('next');
        assert.equal(output.line, BODY);
        assert.deepEqual(output.take(), []);
        await debug.resume('next');
        assert.deepEqual(output.take(), [{ text: `iteration 3, ${name}:${BODY}: i=0`, iteration: 3 }]);

        // On to the end of the recording (its last statement, `total`): the rest of iteration 3's loop.
        await debug.resume('continue');
        assert.equal(output.line, LAST);
        assert.deepEqual(
          output.take().map((l) => l.text),
          [`iteration 3, ${name}:${BODY}: i=1`, `iteration 3, ${name}:${BODY}: i=2`],
        );
        // Back to iteration 3's breakpoint: the loop it passed over, in the brain's order.
        await debug.reverseContinue();
        assert.equal(output.line, ZERO);
        assert.deepEqual(
          output.take().map((l) => [l.iteration, l.text]),
          [0, 1, 2].map((i) => [3, `iteration 3, ${name}:${BODY}: i=${i}`]),
        );
        // Step back onto the line before passes no logpoint.
        await debug.stepBack();
        assert.deepEqual(output.take(), []);
      } finally {
        debug.dispose();
      }
    });
  });
}

describe("a logpoint in a hot loop of a recording's debug session", { timeout: 180_000 }, () => {
  it('says 100 messages of an iteration, then counts the rest, as a live iteration does', async () => {
    const brain = 'let n = omw::host::memory_get("n");\nlet total = 0;\nfor i in 0..150 {\n    total += i;\n}\ntotal\n';
    const { dir, recording } = await recordCounting('rhai', 2, 'rec.jsonl', brain);
    const debug = recordingDebugger(dir, recording);
    const output = said(debug);
    try {
      debug.setSourceBreakpoints(join(dir, 'brain.rhai'), [{ line: 4, logMessage: '{i}' }]);
      await debug.start(1, 'entry');
      await debug.resume('continue');
      const lines = output.take();
      const messages = lines.filter((l) => /brain\.rhai:4:/.test(l.text));
      assert.equal(messages.length, 200, 'each iteration says 100');
      assert.deepEqual(
        messages.slice(0, 100).map((l) => l.text),
        Array.from({ length: 100 }, (_, i) => `iteration 1, brain.rhai:4: ${i}`),
      );
      // Counted as the move passes the iteration's end (it stops at the last one's last statement).
      assert.deepEqual(
        lines.filter((l) => /dropped/.test(l.text)).map((l) => [l.iteration, l.text]),
        [[1, '50 more logpoint messages were dropped in iteration 1 (at most 100 are shown per iteration)']],
      );
      assert.deepEqual(lines.at(-1)?.text, 'iteration 2, brain.rhai:4: 99');
    } finally {
      debug.dispose();
    }
  });
});

describe('a step back with a logpoint in an iteration of 1,000 host calls', { timeout: 300_000 }, () => {
  it('says the message it passes, and says how long it took', async () => {
    const brain = `let s = 0;
for i in 0..1000 {
    s += parse_int(omw::host::memory_get("n"));
}
s
`;
    const { dir, recording } = await recordCounting('rhai', 1, 'rec.jsonl', brain);
    const debug = recordingDebugger(dir, recording);
    const output = said(debug);
    try {
      debug.setSourceBreakpoints(join(dir, 'brain.rhai'), [
        { line: 5 },
        { line: 3, logMessage: 'i={i}', condition: 'i >= 998' },
      ]);
      await debug.start(undefined, 'continue');
      output.take();
      const took: number[] = [];
      const messages: string[][] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await debug.stepBack();
        took.push(performance.now() - started);
        messages.push(output.take().map((l) => l.text));
      }
      // Back from `s` over the loop's last turns, one statement at a time: the body says its message as it is passed.
      assert.deepEqual(messages.slice(0, 2), [
        ['iteration 1, brain.rhai:3: i=999'],
        ['iteration 1, brain.rhai:3: i=998'],
      ]);
      console.log(
        `step back with a logpoint in an iteration of 1000 host calls: ${took.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
      );
      assert.ok(Math.max(...took) < 10_000, took.join(', '));
    } finally {
      debug.dispose();
    }
  });
});

describe("a recording's debug session in the workbench", { timeout: 180_000 }, () => {
  it("answers a move with the logpoints' messages it passed, and the live debugger's logpoints apply", async () => {
    const { dir } = await recordCounting('js', 2);
    const workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry() });
    try {
      await workbench.open(dir);
      workbench.setSourceBreakpoints('brain.js', [{ line: BODY, logMessage: 'total={total}, i={i}' }], null);
      const recorded = workbench.recordingDebugging;
      let view = await recorded.start('rec.jsonl', 'a', 1, 'entry', false);
      assert.deepEqual(view.output, []);
      view = await recorded.move('rec.jsonl', 'a', 'continue');
      assert.match(view.description ?? '', /end of the recorded past/);
      assert.deepEqual(view.output, [
        { text: 'iteration 1, brain.js:5: total=0, i=0', iteration: 1 },
        { text: 'iteration 2, brain.js:5: total=0, i=0', iteration: 2 },
        { text: 'iteration 2, brain.js:5: total=0, i=1', iteration: 2 },
      ]);
    } finally {
      await workbench.close();
    }
  });
});
