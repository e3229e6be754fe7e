// The JavaScript debugger's cost (issue 14): a compute-heavy brain on the real engine with a
// debugger attached but no breakpoint set, against the same engine with none attached, which in
// turn is measured against an engine without a DebugController at all. The three run in turns
// within each sample, so load on the machine falls on all of them alike.

import { DebugController } from '../main/runtimes/debug/debug-controller.ts';
import type { DebugNotice } from '../main/runtimes/debug/debug-protocol.ts';
import type { Engine } from '../main/runtimes/engine.ts';
import { createEngine } from '../main/runtimes/js/js-engine.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const BRAIN = `function isPrime(n) {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) {
    if (n % d === 0) return false;
  }
  return true;
}
class Point {
  constructor(x, y) { this.x = x; this.y = y; }
  distanceTo(other) {
    const dx = this.x - other.x;
    const dy = this.y - other.y;
    return Math.sqrt(dx * dx + dy * dy);
  }
}
let primes = 0;
for (let i = 0; i < 40000; i++) {
  if (isPrime(i)) primes++;
}
const points = [];
for (let i = 0; i < 20000; i++) points.push(new Point((i * 7919) % 1000, (i * 104729) % 1000));
points.sort((a, b) => a.x - b.x || a.y - b.y);
let path = 0;
for (let i = 1; i < points.length; i++) path += points[i].distanceTo(points[i - 1]);
const words = {};
for (let i = 0; i < 20000; i++) {
  const word = "w" + (i % 500);
  words[word] = (words[word] ?? 0) + 1;
}
[primes, Math.round(path), Object.keys(words).length];`;

const SAMPLES = 15;

async function engine(debug?: DebugController): Promise<Engine> {
  return createEngine(
    {
      hostCall: () => undefined,
      limits: { maxBusyMs: 60_000, maxMemoryBytes: 256 * 2 ** 20, maxStackBytes: 1024 * 1024 },
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      print: () => undefined,
      debug,
    },
    {},
  );
}

/** A controller whose host has sent `notices` once and never stops the brain. */
function controller(notices: DebugNotice[]): DebugController {
  let pending: DebugNotice[] | undefined = notices;
  return new DebugController({
    send: () => undefined,
    nextRequest: () => ({ t: 'resume', how: 'continue' }),
    notices: () => {
      const taken = pending;
      pending = undefined;
      return taken;
    },
  });
}

function timed(target: Engine): number {
  const start = performance.now();
  const result = target.run(BRAIN, 'bench.js');
  const elapsed = performance.now() - start;
  if (!result.ok) throw new Error(`the benchmark brain failed: ${result.error}`);
  return elapsed;
}

export async function jsDebuggerBenchmarks(): Promise<BenchRow[]> {
  const attached = controller([
    {
      t: 'config',
      config: { breakpoints: {}, exceptions: { caught: false, uncaught: true }, stopOnEntry: false, attach: true },
    },
  ]);
  const engines = {
    plain: await engine(),
    detached: await engine(controller([])),
    attached: await engine(attached),
  };
  if (!attached.attached) throw new Error('the attached controller does not count as attached');
  const samples: Record<keyof typeof engines, number[]> = { plain: [], detached: [], attached: [] };
  for (const e of Object.values(engines)) timed(e);
  const names = Object.keys(engines) as (keyof typeof engines)[];
  for (let i = 0; i < SAMPLES; i++) {
    // Each takes every place in the order in turn, so none always runs after the same one.
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length]!;
      samples[name].push(timed(engines[name]));
    }
  }
  for (const e of Object.values(engines)) e.dispose();
  const [plain, detached, debugged] = [median(samples.plain), median(samples.detached), median(samples.attached)];
  return [
    { name: 'JS compute-heavy brain, plain engine', value: plain, unit: 'ms', target: 'reference' },
    {
      name: 'JS compute-heavy brain, no debugger attached',
      value: detached,
      unit: 'ms',
      floor: plain,
      target: '1.0x (no instrumentation)',
    },
    {
      name: 'JS compute-heavy brain, debugger attached, no breakpoints',
      value: debugged,
      unit: 'ms',
      floor: detached,
      target: '<= 1.5x',
    },
  ];
}
