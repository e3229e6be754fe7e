// The cost of an attached Rhai debugger that stops nowhere: the same compute-heavy brain (loops,
// and a function with a loop called from one) on two real engines, one with a DebugController holding a breakpoint
// in a function the brain never calls, the other without a debugger, run alternately. The row is
// the median ratio of their times.

import { DebugController } from '../../main/runtimes/debug/debug-controller.ts';
import type { DebugLink } from '../../main/runtimes/debug/debug-link.ts';
import { NO_DEBUG_CONFIG, type DebugNotice } from '../../main/runtimes/debug/debug-protocol.ts';
import type { Engine, EngineOptions } from '../../main/runtimes/engine.ts';
import { createEngine } from '../../main/runtimes/rhai/rhai-engine.ts';
import type { BenchRow } from '../bench-row.ts';
import { median } from '../stats.ts';

const BRAIN = '/bench/brain.rhai';

const PROGRAM = `fn never() {
  0
}
fn row(i, n) {
  let s = 0;
  for j in 0..n {
    s += (i * j) % 7;
  }
  s
}
let total = 0;
for i in 0..6000 {
  total += row(i, 200);
  let k = 0;
  while k < 50 {
    k += 1;
    total += k % 3;
  }
}
print(total);`;

/** A host debugger that sets one breakpoint, in `never`, and is never asked to answer. */
function breakpointLink(): DebugLink {
  let pending: DebugNotice[] | undefined = [
    { t: 'config', config: { ...NO_DEBUG_CONFIG, breakpoints: { [BRAIN]: [{ line: 2 }] } } },
  ];
  return {
    send: (event) => {
      throw new Error(`the benchmark brain stopped: ${JSON.stringify(event)}`);
    },
    nextRequest: () => ({ t: 'resume', how: 'continue' }),
    notices: () => {
      const notices = pending;
      pending = undefined;
      return notices;
    },
  };
}

async function engine(debug?: DebugController): Promise<Engine> {
  const options: EngineOptions = {
    hostCall: () => undefined,
    limits: { maxBusyMs: 60_000, maxMemoryBytes: 256 * 2 ** 20, maxStackBytes: 512 * 1024 },
    interrupt: new Int32Array(new SharedArrayBuffer(4)),
    print: () => undefined,
    ...(debug ? { debug } : {}),
  };
  return createEngine(options, {});
}

export async function debuggerBenchmark(): Promise<BenchRow> {
  const debug = new DebugController(breakpointLink());
  const attached = await engine(debug);
  const plain = await engine();
  if (!debug.attached) throw new Error('the benchmark debugger did not attach');
  const ratios: number[] = [];
  for (let round = 0; round < 15; round++) {
    // CPU time, not wall time: the two runs of a round then compare fairly on a busy machine.
    const times = [plain, attached].map((e) => {
      const started = process.cpuUsage();
      const result = e.run(PROGRAM, BRAIN);
      if (!result.ok) throw new Error(result.error);
      const { user, system } = process.cpuUsage(started);
      return user + system;
    });
    // The first rounds warm both up.
    if (round >= 2) ratios.push(times[1]! / times[0]!);
  }
  return {
    name: 'Rhai with the debugger hook active (attached, no breakpoint hit) against inactive',
    value: median(ratios),
    unit: 'x',
    target: '≤ 1.3x',
  };
}
