// The real Rhai engine under a real DebugController, over a scripted DebugLink: the one stand-in,
// for the host's debugger. Each stop runs a conversation (a generator yielding requests and
// receiving their answers); one that ends without a resume continues.

import assert from 'node:assert/strict';
import type { DebugLink } from '../../main/runtimes/debug/debug-link.ts';
import { DebugController } from '../../main/runtimes/debug/debug-controller.ts';
import {
  NO_DEBUG_CONFIG,
  type DebugAnswer,
  type DebugConfig,
  type DebugNotice,
  type DebugRequest,
  type EngineDebugEvent,
  type EvaluationResult,
  type ResumeHow,
  type StackFrameInfo,
  type SourceBreakpoint,
} from '../../main/runtimes/debug/debug-protocol.ts';
import type { Engine, RunResult } from '../../main/runtimes/engine.ts';
import type { EngineFactory } from '../../main/runtimes/runtime-descriptor.ts';
import { createEngine } from '../../main/runtimes/rhai/rhai-engine.ts';

export type Stopped = Extract<EngineDebugEvent, { t: 'stopped' }>;
/** Part of a stop's conversation: yields requests, receives their answers, returns `T`. */
export type Ask<T> = Generator<DebugRequest, T, DebugAnswer>;
export type Conversation = Ask<void>;
export type StopHandler = (stop: Stopped, index: number) => Conversation;

export const BRAIN = '/agents/a/brain.rhai';

export class ScriptedLink implements DebugLink {
  readonly stops: Stopped[] = [];
  readonly logs: string[] = [];
  #notices: DebugNotice[] = [];
  /** A pause request that arrives after this many more checks for notices. */
  #pauseAfter = -1;
  #conversation: Conversation | undefined;
  #answer: DebugAnswer | undefined;
  onStop: StopHandler = function* () {};

  notify(notice: DebugNotice): void {
    this.#notices.push(notice);
  }

  /** The host's pause button, pressed while the brain runs: after `checks` more checks for notices. */
  pauseAfter(checks: number): void {
    this.#pauseAfter = checks;
  }

  send(event: EngineDebugEvent): void {
    if (event.t === 'stopped') {
      this.stops.push(event);
      this.#conversation = this.onStop(event, this.stops.length - 1);
      this.#answer = undefined;
    } else if (event.t === 'answer') this.#answer = event.answer;
    else if (event.t === 'log-point') this.logs.push(`${event.line}: ${event.text}`);
  }

  nextRequest(): DebugRequest {
    const step = this.#conversation!.next(this.#answer!);
    return step.done ? { t: 'resume', how: 'continue' } : step.value;
  }

  notices(): DebugNotice[] | undefined {
    if (this.#pauseAfter >= 0 && this.#pauseAfter-- === 0) this.#notices.push({ t: 'pause' });
    if (this.#notices.length === 0) return undefined;
    const notices = this.#notices;
    this.#notices = [];
    return notices;
  }
}

export interface DebugSession {
  engine: Engine;
  link: ScriptedLink;
  /** The real controller the engine runs under. */
  debug: DebugController;
  printed: string[];
  memory: Map<string, string>;
  run(script: string): RunResult;
  configure(config: Partial<DebugConfig>): void;
}

/** An engine whose host keeps memory in a map and whose debugger talks over a ScriptedLink. */
export async function debugSession(
  config: Partial<DebugConfig> = {},
  onHostCall: (op: string) => void = () => undefined,
  engineOf: { create: EngineFactory; brain: string } = { create: createEngine, brain: BRAIN },
): Promise<DebugSession> {
  const link = new ScriptedLink();
  const printed: string[] = [];
  const memory = new Map<string, string>();
  const debug = new DebugController(link);
  const engine = await engineOf.create(
    {
      hostCall: (op, args) => {
        onHostCall(op);
        if (op === 'host.memory-get') return memory.get(args[0] as string);
        if (op === 'host.memory-set') memory.set(args[0] as string, args[1] as string);
        return undefined;
      },
      limits: { maxBusyMs: 5_000, maxMemoryBytes: 64 * 2 ** 20, maxStackBytes: 512 * 1024 },
      interrupt: new Int32Array(new SharedArrayBuffer(4)),
      print: (text) => printed.push(text),
      debug,
    },
    {},
  );
  const configure = (c: Partial<DebugConfig>): void =>
    link.notify({ t: 'config', config: { ...NO_DEBUG_CONFIG, ...c } });
  if (Object.keys(config).length > 0) configure(config);
  return { engine, link, debug, printed, memory, run: (script) => engine.run(script, engineOf.brain), configure };
}

export const breakpoints = (...lines: (number | SourceBreakpoint)[]): Pick<DebugConfig, 'breakpoints'> =>
  breakpointsIn(BRAIN, ...lines);

export const breakpointsIn = (
  brain: string,
  ...lines: (number | SourceBreakpoint)[]
): Pick<DebugConfig, 'breakpoints'> => ({
  breakpoints: { [brain]: lines.map((l) => (typeof l === 'number' ? { line: l } : l)) },
});

/** The answer's body, failing the test on an error answer. */
export function body<T>(answer: DebugAnswer): T {
  if (!answer.ok) assert.fail(`the debugger answered an error: ${answer.error}`);
  return answer.body as T;
}

export function completed(result: RunResult): void {
  assert.deepEqual(result, { ok: true, outcome: 'completed' });
}

export function* stack(): Ask<StackFrameInfo[]> {
  return body<StackFrameInfo[]>(yield { t: 'stack' });
}

/** The evaluation's result, or the error's text. */
export function* evaluate(expression: string, frameId?: number): Ask<EvaluationResult | string> {
  const answer = yield { t: 'evaluate', expression, frameId };
  return answer.ok ? (answer.body as EvaluationResult) : answer.error;
}

/** Resumes `how` at every stop, noting each stop's frames as `name:line` texts. */
export function stepping(session: DebugSession, hows: ResumeHow[], seen: string[][]): void {
  session.link.onStop = function* (_stop, index): Conversation {
    seen.push((yield* stack()).map((f) => `${f.name}:${f.line}`));
    yield { t: 'resume', how: hows[index] ?? 'continue' };
  };
}
