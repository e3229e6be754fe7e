// Step Back from a pause in a loop that turns without host calls (docs/debugging.md#time-travel):
// the pause comes while the statement hooks are off, so its statement count is not known and time
// travel finds it again by its place, which every turn of the loop shares; the values the frames
// hold tell the turns apart. For a Rhai, a JS and a Python brain, at the supervisor with the
// debugger as `brainbench dap` and the workbench make them, on real agent processes: paused some
// turns into the loop, Step Back shows the counter of the turn it paused in (an earlier statement
// of it) or of the turn before, not the first turn's.

import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { Debugger, type DebuggerEvent } from '../../main/debugger/debugger.ts';
import { waitFor, workspace, type Workspace } from '../supervisor/workspace.ts';

/** Each turn builds something a few thousand long in the language's own built-ins: some turns pass per millisecond. */
const BRAINS = {
  rhai: `omw::host::memory_set("started", "1");
let counter = 0;
let work = 0;
while counter < 10000000 {
    counter += 1;
    let row = [];
    row.pad(3000, counter);
    work = row.len() + counter;
}
counter
`,
  js: `omw.host.memorySet('started', '1');
let counter = 0;
let work = 0;
while (counter < 10000000) {
  counter += 1;
  work = JSON.stringify(new Array(3000).fill(counter)).length;
}
counter;
`,
  python: `omw.host.memory_set("started", "1")
counter = 0
work = 0
while counter < 10000000:
    counter += 1
    work = len(str([counter] * 3000))
counter
`,
};

const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;

type Stop = Extract<DebuggerEvent, { type: 'stopped' }>;

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`a pause in a ${kind} loop without host calls`, { timeout: 180_000 }, () => {
    let ws: Workspace | undefined;
    let debug: Debugger | undefined;
    after(async () => {
      debug?.dispose();
      await ws?.supervisor.shutdown();
      if (ws) rmSync(ws.dir, { recursive: true, force: true });
    });

    it("steps back into the paused turn or the one before, not the loop's first", async () => {
      const script = `brain.${EXTENSIONS[kind]}`;
      ws = workspace(
        `[runtime.${kind}]\nkind = "${kind}"\nmax_busy_ms = 600000\n\n[agents.brain]\nruntime = "${kind}"\nscript = "${script}"\n`,
        { [script]: BRAINS[kind] },
      );
      const { supervisor } = ws;
      const session = (debug = new Debugger(supervisor));
      session.enableTimeTravel();
      // As `brainbench dap` does: a JS brain runs instrumented only with a client attached.
      session.attachAll(true);
      const stops: Stop[] = [];
      session.onEvent((event) => {
        if (event.type === 'stopped') stops.push(event);
      });
      const next = async (go: () => unknown): Promise<Stop> => {
        const seen = stops.length;
        await go();
        await waitFor(() => stops.length > seen, `a stop after ${go.toString()}`, 30_000);
        return stops.at(-1)!;
      };
      await supervisor.start();
      void supervisor.step('brain').catch(() => undefined);
      const memory = supervisor.host.context('brain').memory;
      await waitFor(() => memory.has('started'), 'the loop to start', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 400));

      const paused = await next(() => session.pause('brain'));
      assert.equal(paused.reason, 'pause');
      const counter = async () => Number((await session.evaluate('brain', undefined, 'counter')).result);
      const turn = await counter();
      assert.ok(turn > 2, `paused ${turn} turns into the loop`);

      const back = await next(() => session.stepBack('brain'));
      assert.equal(back.past?.iteration, 1, JSON.stringify(back));
      const before = await counter();
      assert.ok(
        before === turn || before === turn - 1,
        `stepped back from turn ${turn} (line ${paused.line}) to turn ${before} (line ${back.line})`,
      );
    });
  });
}
