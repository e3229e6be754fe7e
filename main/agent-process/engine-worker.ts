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
  await warmed;
  let engine: Engine;
  const debug = new DebugController(portDebugLink(ports, control));
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
  if (engine.load) {
    post({ t: 'loading' });
    const fresh = await engine.load(command.script, command.filename);
    post({ t: 'loaded', fresh });
  }
  if (command.t === 'replay') {
    replayIterations(engine, command);
    return;
  }
  output.beginIteration();
  const result = capped(
    command.t === 'run' ? engine.run(command.script, command.filename) : engine.check(command.script, command.filename),
  );
  post({ t: 'result', id: command.id, result, ...(init.measureHops ? { ran: [took, monotonicMicros()] } : {}) });
  setTimeout(() => engine.prepare?.(), PREPARE_AFTER_MS);
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
    const result = capped(engine.run(command.script, command.filename));
    const asRecorded = replay.ranAsRecorded(result);
    replay.end();
    // Among the output, in order: the bridge could send the ring's next entries before a message.
    const last = !asRecorded || index === command.iterations.length - 1;
    if (last || !output.iterated(result)) {
      post({ t: 'result', id: command.id, result });
      break;
    }
  }
  setImmediate(() => engine.prepare?.());
}
