// A js engine with a real DebugController over a scripted in-memory DebugLink, the one stand-in:
// the host's side of the debugger is a list of answers to give at each stop.

import type { HostOp } from '../../../main/host-api/host-ops.generated.ts';
import { DebugController } from '../../../main/runtimes/debug/debug-controller.ts';
import type { DebugLink } from '../../../main/runtimes/debug/debug-link.ts';
import type {
  DebugAnswer,
  DebugConfig,
  DebugNotice,
  DebugRequest,
  EngineDebugEvent,
} from '../../../main/runtimes/debug/debug-protocol.ts';
import type { Engine, RunResult } from '../../../main/runtimes/engine.ts';
import { createEngine } from '../../../main/runtimes/js/js-engine.ts';
import { DEFAULT_LIMITS } from './js-engine-fixture.ts';

export const BRAIN = 'brain.js';

export const config = (partial: Partial<DebugConfig> = {}): DebugConfig => ({
  breakpoints: {},
  exceptions: { caught: false, uncaught: false },
  stopOnEntry: false,
  attach: false,
  ...partial,
});

/** What a stop sees: the `stopped` event and the answers to the requests made there. */
export interface Stop {
  event: Extract<EngineDebugEvent, { t: 'stopped' }>;
  answers: DebugAnswer[];
}

/**
 * The host's side at a stop: called for each request, with the answers so far, until it answers
 * a `resume`. Stops are numbered from 0 over the fixture's life.
 */
export type StopScript = (stop: Stop, index: number) => DebugRequest;

export interface DebuggedEngine {
  engine: Engine;
  debug: DebugController;
  stops: Stop[];
  logPoints: string[];
  printed: string[];
  calls: { op: HostOp; args: readonly unknown[] }[];
  /** Sets the debugger's settings before the next run (a notice, as the host sends it). */
  configure(config: DebugConfig): void;
  /** Queues a pause request, as the host sends it while the brain runs. */
  pause(): void;
  run(script: string, onStop?: StopScript): RunResult;
}

export async function debuggedEngine(memory: Record<string, string> = {}): Promise<DebuggedEngine> {
  const stops: Stop[] = [];
  const logPoints: string[] = [];
  const printed: string[] = [];
  const calls: { op: HostOp; args: readonly unknown[] }[] = [];
  let pending: DebugNotice[] = [];
  let onStop: StopScript = () => ({ t: 'resume', how: 'continue' });
  let current: Stop | undefined;
  const link: DebugLink = {
    send: (event) => {
      if (event.t === 'stopped') {
        current = { event, answers: [] };
        stops.push(current);
      } else if (event.t === 'answer') {
        current?.answers.push(event.answer);
      } else if (event.t === 'log-point') logPoints.push(event.text);
    },
    nextRequest: () => onStop(current!, stops.length - 1),
    notices: () => {
      if (pending.length === 0) return undefined;
      const notices = pending;
      pending = [];
      return notices;
    },
  };
  const debug = new DebugController(link);
  const engine = await createEngine(
    {
      hostCall: (op, args) => {
        calls.push({ op, args });
        if (op === 'host.memory-get') return memory[args[0] as string];
        if (op === 'host.memory-set') memory[args[0] as string] = args[1] as string;
        return undefined;
      },
      limits: DEFAULT_LIMITS,
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      print: (text) => printed.push(text),
      debug,
    },
    {},
  );
  return {
    engine,
    debug,
    stops,
    logPoints,
    printed,
    calls,
    configure: (c) => pending.push({ t: 'config', config: c }),
    pause: () => pending.push({ t: 'pause' }),
    run: (script, host = () => ({ t: 'resume', how: 'continue' })) => {
      onStop = host;
      return engine.run(script, BRAIN);
    },
  };
}
