// The blocking thread of an agent process: it owns the engine and runs iterations
// synchronously; every host import blocks on the bridge.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, warmEngine } from './engine-factory.ts';
import type { AgentInit } from '../agent-protocol/agent-protocol.ts';
import type { EngineSetup, WorkerCommand, WorkerEvent } from './worker-protocol.ts';
import { OutputWriter } from './output-ring.ts';
import { INTERRUPT_FLAG, portDebugLink, syncHostCall } from './sync-bridge.ts';
import {
  INTERRUPT_REASON,
  outputCapMessage,
  type CheckResult,
  type Engine,
  type RunResult,
} from '../runtimes/engine.ts';
import { DebugController } from '../runtimes/debug/debug-controller.ts';
import { TravelRun } from '../runtimes/debug/travel-run.ts';
import type { TravelCommand, TravelOutcome } from '../agent-protocol/agent-protocol.ts';
import { monotonicMicros } from './monotonic-micros.ts';
import { ReplayServer } from './replay-server.ts';

/**
 * The next iteration's context is built this long after a result is posted, not at once: built at
 * once, it competes for the 2-vCPU machine with the threads that carry the result to the bridge
 * and the host, and an empty step after idle paid about 230 µs for it (alternating runs,
 * docs/benchmarks.md). A run that comes sooner builds its context itself, as before.
 */
const PREPARE_AFTER_MS = 3;

const post = (event: WorkerEvent) => parentPort!.postMessage(event);
// The warm stage: what the kind needs before any agent is known (its engine module, its warm-up).
const warmed = warmEngine((workerData as { kind: string }).kind).then(() => post({ t: 'warmed' }));
let init: AgentInit;
let output: OutputWriter;
let replay: ReplayServer;
let debug: DebugController;
let interrupt: Int32Array;

parentPort!.once('message', (setup: EngineSetup) => void main(setup));

async function main(setup: EngineSetup): Promise<void> {
  const { ports, control } = setup;
  init = setup.init;
  output = new OutputWriter(setup.outputRing, () => Atomics.load(control, INTERRUPT_FLAG) !== 0, {
    maxLines: init.limits.maxOutputLines ?? 0,
    // The engines' guards see it at their next poll; the bridge stops an engine that has none.
    exceeded: () => void Atomics.compareExchange(control, INTERRUPT_FLAG, 0, INTERRUPT_REASON.output),
  });
  replay = new ReplayServer(control, output);
  interrupt = control.subarray(INTERRUPT_FLAG, INTERRUPT_FLAG + 1);
  await warmed;
  let engine: Engine;
  debug = new DebugController(portDebugLink(ports, control));
  try {
    engine = await createEngine(
      {
        hostCall: syncHostCall(ports, control, output, debug, replay),
        debug,
        limits: init.limits,
        interrupt: control.subarray(INTERRUPT_FLAG, INTERRUPT_FLAG + 1),
        print: (text) => output.write({ kind: 'print', text }),
      },
      init.runtime,
    );
  } catch (error) {
    post({ t: 'failed', error: (error as Error).message });
    return;
  }
  parentPort!.on('message', (command: WorkerCommand) => void execute(engine, command));
  engine.prepare?.();
  post({ t: 'ready' });
}

async function execute(engine: Engine, command: WorkerCommand): Promise<void> {
  const took = init.measureHops ? monotonicMicros() : 0;
  const brain = command.t === 'travel' ? command.runs[0] : command;
  if (engine.load && brain) {
    post({ t: 'loading' });
    const fresh = await engine.load(brain.script, brain.filename);
    post({ t: 'loaded', fresh });
  }
  if (command.t === 'replay') {
    replayIterations(engine, command);
    return;
  }
  if (command.t === 'travel') {
    travel(engine, command);
    return;
  }
  output.beginIteration();
  const result = capped(
    command.t === 'run'
      ? run(engine, command.script, command.filename)
      : engine.check(command.script, command.filename),
  );
  post({
    t: 'result',
    id: command.id,
    result,
    ...coverage(),
    ...(init.measureHops ? { ran: [took, monotonicMicros()] } : {}),
  });
  setTimeout(() => engine.prepare?.(), PREPARE_AFTER_MS);
}

/** One iteration, its statements counted by the debugger from its start. */
function run(engine: Engine, script: string, filename: string): RunResult {
  debug.beginRun();
  try {
    return engine.run(script, filename);
  } finally {
    debug.endRun();
  }
}

/** The lines the command's iterations entered, while coverage is counted. */
function coverage(): { coverage?: Record<string, [number, number][]> } {
  const lines = debug.takeCoverage();
  return lines ? { coverage: lines } : {};
}

/**
 * Re-executes past iterations for time travel (docs/debugging.md#time-travel): every call served
 * from its recording, the debugger on its way to each run's goal. What the brain prints is its
 * past output again, not the host's to keep: it goes nowhere.
 */
function travel(engine: Engine, command: TravelCommand): void {
  const outcomes: TravelOutcome[] = [];
  let result: RunResult = { ok: false, error: 'time travel: nothing to run' };
  for (const { script, filename, iteration, goal } of command.runs) {
    replay.begin(iteration, true);
    const traveling = new TravelRun(goal, () => replay.served);
    debug.travel(traveling);
    try {
      result = run(engine, script, filename);
    } finally {
      debug.travel(undefined);
      replay.end();
    }
    outcomes.push({ result, report: traveling.report() });
    // Abandoned by the host (a new goal): the rest is not wanted.
    if (Atomics.load(interrupt, 0) !== 0) break;
  }
  // Coverage over the past (a recording's line counts) is counted as a live run counts it.
  post({ t: 'result', id: command.id, result, travel: outcomes, ...coverage() });
  setImmediate(() => engine.prepare?.());
}

/** An iteration that wrote past its output limit failed, even if it ended before it was stopped. */
function capped<R extends RunResult | CheckResult>(result: R): R | { ok: false; error: string } {
  if (!output.endIteration() || !result.ok) return result;
  return { ok: false, error: outputCapMessage(init.limits.maxOutputLines ?? 0) };
}

/**
 * Runs recorded iterations back to back while each replays as recorded: the host would only
 * send the next one, so the round trip between them is saved (docs/recordings.md).
 */
function replayIterations(engine: Engine, command: Extract<WorkerCommand, { t: 'replay' }>): void {
  for (const [index, script] of command.iterations.entries()) {
    replay.begin(script);
    output.beginIteration();
    const result = capped(run(engine, command.script, command.filename));
    const asRecorded = replay.ranAsRecorded(result);
    replay.end();
    // Among the output, in order: the bridge could send the ring's next entries before a message.
    const last = !asRecorded || index === command.iterations.length - 1;
    if (last || !output.iterated(result)) {
      post({ t: 'result', id: command.id, result, ...coverage() });
      break;
    }
  }
  setImmediate(() => engine.prepare?.());
}
