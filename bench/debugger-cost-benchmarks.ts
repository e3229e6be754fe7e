// What an attached debugger that stops nowhere costs, per runtime (issue 31): the same brain on two
// real engines of the runtime, one with a DebugController attached (a client such as the workbench
// or `brainbench dap` is there, no breakpoint set), the other with none. The two run in turns
// within each round, so load on the machine falls on both alike; each row is the median of its
// CPU times, and the ratio the median of the rounds' ratios (side by side, not of two medians).

import { DebugController } from '../main/runtimes/debug/debug-controller.ts';
import { NO_DEBUG_CONFIG, type DebugNotice } from '../main/runtimes/debug/debug-protocol.ts';
import type { Engine, EngineOptions } from '../main/runtimes/engine.ts';
import type { EngineFactory } from '../main/runtimes/runtime-descriptor.ts';
import { createEngine as createJsEngine } from '../main/runtimes/js/js-engine.ts';
import { createEngine as createPythonEngine } from '../main/runtimes/python/python-engine.ts';
import { createEngine as createRhaiEngine } from '../main/runtimes/rhai/rhai-engine.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const ROUNDS = 11;
/** The first rounds warm both engines up and are not counted. */
const WARM_ROUNDS = 2;

interface Case {
  label: string;
  create: EngineFactory;
  brain: string;
  source: string;
  /** The target; none for a figure measured to watch, not to meet. */
  target?: string;
}

const CASES: Case[] = [
  {
    label: 'Python loop calling small functions',
    create: createPythonEngine,
    brain: '/bench/brain.py',
    source: `def square(x):
    return x * x

def add(a, b):
    return a + b

total = 0
for i in range(40000):
    total = add(total, square(i % 100))
    if total > 1000000:
        total = total % 1000
print(total)
`,
    target: '<= 1.5x',
  },
  {
    label: 'JS naive fib(24)',
    create: createJsEngine,
    brain: '/bench/brain.js',
    source: `function fib(n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
fib(24);
`,
    target: '<= 2x',
  },
  {
    // What the per-statement hooks cost where no call is made (the tight loop a pause often lands in).
    label: 'JS tight loop',
    create: createJsEngine,
    brain: '/bench/brain.js',
    source: `let s = 0;
for (let i = 0; i < 300000; i++) {
  s += i % 7;
}
s;
`,
  },
  {
    label: 'Rhai loop calling small functions',
    create: createRhaiEngine,
    brain: '/bench/brain.rhai',
    source: `fn square(x) {
  x * x
}
fn add(a, b) {
  a + b
}
let total = 0;
for i in 0..200000 {
  total = add(total, square(i % 100));
  if total > 1000000 {
    total = total % 1000;
  }
}
print(total);
`,
    target: '<= 1.5x',
  },
];

/** A debugger client that is attached (no breakpoint) and is never asked to answer. */
function attachedController(): DebugController {
  let pending: DebugNotice[] | undefined = [{ t: 'config', config: { ...NO_DEBUG_CONFIG, attach: true } }];
  return new DebugController({
    send: (event) => {
      throw new Error(`the benchmark brain stopped: ${JSON.stringify(event)}`);
    },
    nextRequest: () => ({ t: 'resume', how: 'continue' }),
    notices: () => {
      const notices = pending;
      pending = undefined;
      return notices;
    },
  });
}

function engine(create: EngineFactory, debug?: DebugController): Promise<Engine> {
  const options: EngineOptions = {
    hostCall: () => undefined,
    limits: { maxBusyMs: 120_000, maxMemoryBytes: 256 * 2 ** 20, maxStackBytes: 1024 * 1024 },
    interrupt: new Int32Array(new SharedArrayBuffer(4)),
    print: () => undefined,
    ...(debug ? { debug } : {}),
  };
  return create(options, {});
}

/** CPU milliseconds of one run: on a loaded machine it compares fairly where wall time does not. */
function cpuMs(target: Engine, { source, brain }: Case): number {
  const started = process.cpuUsage();
  const result = target.run(source, brain);
  const { user, system } = process.cpuUsage(started);
  if (!result.ok) throw new Error(`the benchmark brain failed: ${result.error}`);
  return (user + system) / 1000;
}

async function measure(c: Case): Promise<BenchRow[]> {
  const debug = attachedController();
  const attached = await engine(c.create, debug);
  const plain = await engine(c.create);
  if (!debug.attached) throw new Error('the benchmark debugger did not attach');
  const times = { plain: [] as number[], attached: [] as number[] };
  const ratios: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // Each takes the first place in turn, so neither always runs after the other.
      const first = round % 2 === 0;
      const a = first ? cpuMs(plain, c) : 0;
      const b = cpuMs(attached, c);
      const p = first ? a : cpuMs(plain, c);
      if (round < WARM_ROUNDS) continue;
      times.plain.push(p);
      times.attached.push(b);
      ratios.push(b / p);
    }
  } finally {
    attached.dispose();
    plain.dispose();
  }
  const unattached = median(times.plain);
  return [
    { name: `${c.label}, unattached`, value: unattached, unit: 'ms', target: 'reference' },
    { name: `${c.label}, debugger attached`, value: median(times.attached), unit: 'ms', floor: unattached },
    {
      name: `${c.label}, attached / unattached`,
      value: median(ratios),
      unit: 'x',
      ...(c.target === undefined ? {} : { target: c.target }),
    },
  ];
}

export async function debuggerCostBenchmarks(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const c of CASES) rows.push(...(await measure(c)));
  return rows;
}
