// Time travel in an agent a reconfigure added (docs/debugging.md#time-travel): its runner is made
// after the session's past began to be kept. Its brain reads the clock and makes a UUID, calls its
// agent process answers itself; stepped back across its first iteration's end, each is served
// from what was recorded, as it is for an agent that was there at startup. At the supervisor with
// the debugger as `brainbench dap` and the workbench make them, on real agent processes.

import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../main/config/load-config.ts';
import { Debugger, type DebuggerEvent } from '../../main/debugger/debugger.ts';
import { workspace, type Workspace } from '../supervisor/workspace.ts';

const CONFIG = `[runtime.rhai]
kind = "rhai"

[agents.first]
runtime = "rhai"
script = "first.rhai"
`;

const LATE = `let n = omw::host::memory_get("n");
let count = if n == () { 0 } else { parse_int(n) };
let id = omw::host::new_uuid();
let now = omw::host::time_now();
count += 1;
omw::host::memory_set("n", \`\${count}\`);
count
`;

type Stop = Extract<DebuggerEvent, { type: 'stopped' }>;

describe('time travel in an agent added after startup', { timeout: 180_000 }, () => {
  let ws: Workspace | undefined;
  after(async () => {
    await ws?.supervisor.shutdown();
    if (ws) rmSync(ws.dir, { recursive: true, force: true });
  });

  it('steps back across the iteration boundary, serving the clock and the UUID it had', async () => {
    ws = workspace(CONFIG, { 'first.rhai': '1\n', 'late.rhai': LATE });
    const { supervisor, dir } = ws;
    const debug = new Debugger(supervisor);
    debug.enableTimeTravel();
    const stops: Stop[] = [];
    debug.onEvent((event) => {
      if (event.type === 'stopped') stops.push(event);
    });
    const next = async (go: () => unknown): Promise<Stop> => {
      const seen = stops.length;
      await go();
      const deadline = Date.now() + 30_000;
      while (stops.length === seen) {
        assert.ok(Date.now() < deadline, 'no stop came');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return stops.at(-1)!;
    };
    await supervisor.start();

    const config = `${readFileSync(join(dir, 'omw.toml'), 'utf8')}\n[agents.late]\nruntime = "rhai"\nscript = "late.rhai"\n`;
    ws.write('omw.toml', config);
    await supervisor.reconfigure(loadConfig(join(dir, 'omw.toml'), { env: {} }), ['late'], []);
    assert.deepEqual(await supervisor.step('late'), { kind: 'outcome', outcome: { exited: '1' } });

    debug.setSourceBreakpoints(join(dir, 'late.rhai'), [{ line: 5 }]);
    let second: Promise<unknown> | undefined;
    let at = await next(() => {
      second = supervisor.step('late');
    });
    assert.equal(at.line, 5);

    // Back over this iteration's statements (Rhai's one-line `if` block is one more), into the first one's last.
    for (let steps = 0; at.past?.iteration !== 1; steps++) {
      assert.ok(steps < 8, `still in iteration ${at.past?.iteration ?? 2} at line ${at.line}`);
      at = await next(() => debug.stepBack('late'));
    }
    assert.equal(at.line, 7);
    assert.equal((await debug.evaluate('late', undefined, 'count')).result, '1');

    // Forward from the past to the live stop, then on.
    at = await next(() => debug.resume('late', 'continue'));
    assert.deepEqual([at.line, at.past], [5, undefined]);
    debug.setSourceBreakpoints(join(dir, 'late.rhai'), []);
    debug.resume('late', 'continue');
    assert.deepEqual(await second, { kind: 'outcome', outcome: { exited: '2' } });
    debug.dispose();
  });
});
