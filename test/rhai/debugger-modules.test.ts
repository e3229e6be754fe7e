// The Rhai debugger in module code: a step into a module's function stops in the module's file at
// its line, the stack shows the module's frame under the brain's, and a breakpoint in the module's
// file hits. The real engine and DebugController, real files.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createEngine } from '../../main/runtimes/rhai/rhai-engine.ts';
import type { StackFrameInfo } from '../../main/runtimes/debug/debug-protocol.ts';
import { breakpointsIn, completed, debugSession, stack, stepping, type DebugSession } from './debug-session.ts';

let folder: string;
let brain: string;
let helpers: string;

const BRAIN = `import "helpers" as h;
let a = 1;
let b = h::f(a);
print(b);`;

const HELPERS = `let loaded = true;
fn f(x) {
  let y = x * 10;
  y + 1
}`;

async function session(config: Parameters<typeof debugSession>[0]): Promise<DebugSession> {
  return debugSession(config, () => undefined, { create: createEngine, brain });
}

describe('the Rhai debugger in module code', () => {
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'rhai-debug-modules-'));
    brain = join(folder, 'brain.rhai');
    helpers = join(folder, 'helpers.rhai');
    writeFileSync(brain, BRAIN);
    writeFileSync(helpers, HELPERS);
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it("steps into a module's function: its file and line, its frame over the brain's", async () => {
    const s = await session({ ...breakpointsIn(brain, 3), attach: true });
    const frames: StackFrameInfo[][] = [];
    s.link.onStop = function* (_stop, index) {
      frames.push(yield* stack());
      yield { t: 'resume', how: index === 0 ? 'step-in' : 'continue' };
    };
    completed(s.run(BRAIN));
    assert.deepEqual(
      frames.map((stackAt) => stackAt.map((f) => `${f.name}@${f.source === helpers ? 'helpers' : 'brain'}:${f.line}`)),
      [['<brain>@brain:3'], ['f@helpers:3', '<brain>@brain:3']],
    );
    assert.deepEqual(s.printed, ['11']);
  });

  it("hits a breakpoint set in the module's file, and steps on through it", async () => {
    const s = await session({ breakpoints: { [helpers]: [{ line: 4 }] } });
    const seen: string[][] = [];
    stepping(s, ['next', 'next'], seen);
    completed(s.run(BRAIN));
    assert.equal(s.link.stops[0]?.source, helpers);
    assert.deepEqual(seen, [['f:4', '<brain>:3'], ['<brain>:4']]);
  });

  it("stops at a breakpoint on the module's top level, in a frame of its own", async () => {
    const s = await session({ breakpoints: { [helpers]: [{ line: 1 }] } });
    let frames: StackFrameInfo[] = [];
    s.link.onStop = function* () {
      frames = yield* stack();
    };
    completed(s.run(BRAIN));
    assert.deepEqual(
      frames.map((f) => [f.name, f.source, f.line]),
      [
        ['<module helpers>', helpers, 1],
        ['<brain>', brain, 1],
      ],
    );
  });

  it("does not stop at the brain's line of the same number as a module breakpoint", async () => {
    const s = await session({ breakpoints: { [brain]: [{ line: 4 }] } });
    completed(s.run(BRAIN));
    // Line 4 of helpers.rhai ran first (`y + 1`); only the brain's line 4 stops.
    assert.deepEqual(
      s.link.stops.map((stop) => [stop.source, stop.line]),
      [[brain, 4]],
    );
  });
});
