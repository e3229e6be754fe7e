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
} from '../../main/runtimes/debug/debug-protocol.ts';
import type { Engine, RunResult } from '../../main/runtimes/engine.ts';
import { createEngine } from '../../main/runtimes/rhai/rhai-engine.ts';

export type Stopped = Extract<EngineDebugEvent, { t: 'stopped' }>;
export type Conversation = Generator<DebugRequest, void, DebugAnswer>;
export type StopHandler = (stop: Stopped, index: number) => Conversation;

export const BRAIN = '/agents/a/brain.rhai';

export class ScriptedLink implements DebugLink {
  readonly stops: Stopped[] = [];
  readonly logs: string[] = [];
  #notices: DebugNotice[] = [];
  #conversation: Conversation | undefined;
  #answer: DebugAnswer | undefined;
  onStop: StopHandler = function* () {};

  notify(notice: DebugNotice): void {
    this.#notices.push(notice);
  }

  send(event: EngineDebugEvent): void {
    if (event.t === 'stopped') {
      this.stops.push(event);
      this.#conversation = this.onStop(event, this.stops.length - 1);
      this.#answer = undefined;
    } else if (event.t === 'answer') this.#answer = event.answer;
    else this.logs.push(`${event.line}: ${event.text}`);
  }

  nextRequest(): DebugRequest {
    const step = this.#conversation!.next(this.#answer!);
    return step.done ? { t: 'resume', how: 'continue' } : step.value;
  }

  notices(): DebugNotice[] | undefined {
    if (this.#notices.length === 0) return undefined;
    const notices = this.#notices;
    this.#notices = [];
    return notices;
  }
}

export interface DebugSession {
  engine: Engine;
  link: ScriptedLink;
  printed: string[];
  memory: Map<string, string>;
  run(script: string): RunResult;
  configure(config: Partial<DebugConfig>): void;
}

/** An engine whose host keeps memory in a map and whose debugger talks over a ScriptedLink. */
export async function debugSession(
  config: Partial<DebugConfig> = {},
  onHostCall: (op: string) => void = () => undefined,
): Promise<DebugSession> {
  const link = new ScriptedLink();
  const printed: string[] = [];
  const memory = new Map<string, string>();
  const engine = await createEngine(
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
      debug: new DebugController(link),
    },
    {},
  );
  const configure = (c: Partial<DebugConfig>): void => link.notify({ t: 'config', config: { ...NO_DEBUG_CONFIG, ...c } });
  if (Object.keys(config).length > 0) configure(config);
  return { engine, link, printed, memory, run: (script) => engine.run(script, BRAIN), configure };
}

export const breakpoints = (...lines: (number | { line: number; condition?: string; hitCondition?: string; logMessage?: string })[]) => ({
  breakpoints: { [BRAIN]: lines.map((l) => (typeof l === 'number' ? { line: l } : l)) },
});

/** The answer's body, failing the test on an error answer. */
export function body<T>(answer: DebugAnswer): T {
  if (!answer.ok) assert.fail(`the debugger answered an error: ${answer.error}`);
  return answer.body as T;
}

export function completed(result: RunResult): void {
  assert.deepEqual(result, { ok: true, outcome: 'completed' });
}
