// The live session's past, for time travel (docs/debugging.md#time-travel): each agent's recent
// iterations as they ran, kept in memory from the Host's call tap (chained to any other tap, as
// the session's recorder and live telemetry chain theirs) and the trace's iteration events. Bounded:
// the oldest iterations go first.

import { encodeValue } from '../agent-protocol/recorded-values.ts';
import type { ReplayCall } from '../agent-protocol/replay-script.ts';
import type { Json } from '../trace/trace-event.ts';
import type { CallTap } from '../host/host.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import type { PastIteration } from './past-iteration.ts';

/** Ended iterations kept per agent (besides the one running), and host calls over all of them. */
const MAX_ITERATIONS = 1000;
const MAX_CALLS = 200_000;

interface Kept extends PastIteration {
  calls: ReplayCall[];
  /** The trace's `call` and `host-call` events of the iteration, by seq: which of its calls each is. */
  traced: Map<number, number>;
}

/** A host call of the session's past: its iteration, and its index among the iteration's calls. */
export interface PastCall {
  iteration: number;
  call: number;
}

export class CallHistory {
  readonly #agents = new Map<string, Kept[]>();
  readonly #calls = new Map<string, number>();
  readonly #undo: (() => void)[] = [];

  constructor(private readonly supervisor: Supervisor) {
    const { host } = supervisor;
    const previous = host.callTap;
    const tap: CallTap = (call) => {
      previous?.(call);
      const current = this.#current(call.agent, call.iteration);
      if (!current) return;
      const args = (encodeValue(call.op, [...call.args]) ?? []) as Json[];
      const { outcome } = call;
      current.calls.push(
        outcome.ok
          ? { op: call.op, args, ok: true, value: outcome.value }
          : { op: call.op, args, ok: false, error: outcome.error, fault: outcome.fault },
      );
      this.#calls.set(call.agent, (this.#calls.get(call.agent) ?? 0) + 1);
    };
    host.callTap = tap;
    // Calls the agent processes answer themselves (clocks, UUIDs) are served in the past too.
    supervisor.reportLocalCalls(true);
    const unsubscribe = host.trace.subscribe((event) => {
      if (event.type === 'iteration-start') this.#begin(event.agent, event.iteration);
      else if (event.type === 'iteration-end') this.#end(event.agent, event.iteration);
      else if (event.type === 'call' || event.type === 'host-call') {
        // An agent's calls are made one at a time, each traced before the tap sees it: this one is next.
        const current = this.#current(event.agent, event.iteration);
        current?.traced.set(event.seq, current.calls.length);
      }
    });
    this.#undo.push(unsubscribe, () => {
      if (host.callTap === tap) host.callTap = previous;
      supervisor.reportLocalCalls(false);
    });
  }

  /** The agent's kept iterations, oldest first; the last may still be running. */
  iterations(agent: string): readonly PastIteration[] {
    const kept = this.#agents.get(agent) ?? [];
    const last = kept.at(-1);
    // The running iteration's text: the runner read it as the iteration started.
    if (last && !last.complete && last.script === '') last.script = this.#source(agent) ?? '';
    return kept;
  }

  /** The call a trace event (`call` or `host-call`) of the agent's kept past stands for. */
  callOf(agent: string, seq: number): PastCall | undefined {
    for (const kept of this.#agents.get(agent) ?? []) {
      const call = kept.traced.get(seq);
      if (call !== undefined) return { iteration: kept.iteration, call };
    }
    return undefined;
  }

  /** The trace event (`call` or `host-call`) of a kept call, when it was traced. */
  seqOf(agent: string, iteration: number, call: number): number | undefined {
    const kept = this.#agents.get(agent)?.find((k) => k.iteration === iteration);
    for (const [seq, index] of kept?.traced ?? []) if (index === call) return seq;
    return undefined;
  }

  dispose(): void {
    for (const undo of this.#undo.splice(0)) undo();
  }

  #begin(agent: string, iteration: number): void {
    let kept = this.#agents.get(agent);
    if (!kept) this.#agents.set(agent, (kept = []));
    const { host } = this.supervisor;
    const ctx = host.context(agent);
    kept.push({
      agent,
      iteration,
      script: '',
      filename: ctx.script,
      calls: [],
      traced: new Map(),
      complete: false,
      memory: new Map(ctx.memory),
    });
    let calls = this.#calls.get(agent) ?? 0;
    while (kept.length - 1 > MAX_ITERATIONS || (kept.length > 1 && calls > MAX_CALLS))
      calls -= kept.shift()!.calls.length;
    this.#calls.set(agent, calls);
  }

  #end(agent: string, iteration: number): void {
    const current = this.#current(agent, iteration);
    if (!current) return;
    current.script ||= this.#source(agent) ?? '';
    current.complete = true;
  }

  #current(agent: string, iteration: number): Kept | undefined {
    const last = this.#agents.get(agent)?.at(-1);
    return last && last.iteration === iteration && !last.complete ? last : undefined;
  }

  #source(agent: string): string | undefined {
    return this.supervisor.runners.get(agent)?.iterationSource;
  }
}
