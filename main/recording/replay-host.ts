import type { IterationResult } from '../../contract/iteration-result.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { HostCallError } from '../host-api/host-call-error.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import { Host, type HostOptions, type TappedCall } from '../host/host.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import type { Json } from '../trace/trace-event.ts';
import type { UnstampedTraceEvent } from '../trace/trace-recorder.ts';
import type { BrainPosition, Divergence, ReplayStep } from '../../contract/recording-views.ts';
import { recordedResult } from './divergence.ts';
import { jsonEqual } from '../agent-protocol/json-equal.ts';
import type { ReplayCall, ReplayEnd, ReplayIterationScript } from '../agent-protocol/replay-script.ts';
import type { RecordedCall, RecordedIteration } from './recording.ts';
import { decodeValue, encodeValue } from '../agent-protocol/recorded-values.ts';
import type { EffectChange, EffectHook, RecordedEffect } from './recorded-effect.ts';

export interface ReplayHostOptions extends HostOptions {
  /** Sees the recorded effects it asks for before they are served (recorded-effect.ts). */
  effects?: EffectHook;
}

/** Thrown into a replayed iteration to end it: it diverged, or it reached the recording's end of an aborted iteration. */
export class ReplayStop extends Error {}

interface Cursor {
  iteration: RecordedIteration | undefined;
  /** Index of the next recorded call to serve. */
  next: number;
  /** From here on the agent's calls reach the configured back ends. */
  live: boolean;
  divergence: Divergence | undefined;
  /** The brain reached the point where the recorded iteration was cut short (aborted, or the file ends). */
  cutShort: boolean;
}

/**
 * A Host that answers each agent's host calls from a recording, in the recorded order, while the
 * brain's call matches the recorded one: providers, tooling, endpoint, timers, the inbox, clocks
 * and UUIDs, memory. The first call that differs stops the agent's replay with a Divergence, or,
 * `live`, goes on to the real back ends (which the Host builds only in that mode).
 * What a served call traced when recorded is traced again, so a replay can itself be recorded.
 */
export class ReplayHost extends Host {
  private readonly cursors = new Map<string, Cursor>();
  override readonly answersLocalOps = true;
  /** With back ends: whether a divergence goes on live (a replay) or stops the agent (a fork's prefix). */
  protected goesLiveAtDivergence = true;
  /** How many calls the agent processes served themselves from their scripts (the rest reached `dispatch`). */
  callsServedInProcess = 0;
  /** Asks the engine where the brain is (its top frame), for a divergence. */
  locate: ((agent: string) => Promise<BrainPosition | undefined>) | undefined;
  private readonly effects: EffectHook | undefined;

  constructor(
    config: OmwConfig,
    private readonly live: boolean,
    options: ReplayHostOptions = {},
  ) {
    // No provider, tool server or endpoint is built unless the replay may go live.
    const { effects, ...hostOptions } = options;
    super(live ? config : { ...config, providers: {}, tooling: {}, endpoint: undefined }, hostOptions);
    this.effects = effects;
  }

  /**
   * Sets the agent up for another recording, as a new host would have it: the config's memory,
   * an empty inbox, no open source, no cursor, and its brain at `script` (the config's by default).
   * A corpus replay keeps one host and its agent processes from one recording to the next.
   */
  rewind(agent: string, script?: string): void {
    const ctx = this.context(agent);
    this.cancelAll(agent);
    this.bus.inbox(agent).clear();
    this.bus.clearLifecycle(agent);
    ctx.memory.clear();
    const seed = Object.hasOwn(this.config.memory, agent) ? this.config.memory[agent]! : {};
    for (const [key, value] of Object.entries(seed)) ctx.memory.set(key, value);
    ctx.script = script ?? this.config.agents[agent]!.script;
    this.cursors.delete(agent);
  }

  /** The agent's next iteration replays this recorded one. */
  beginIteration(agent: string, iteration: RecordedIteration): void {
    const cursor = this.cursor(agent);
    Object.assign(cursor, { iteration, next: 0, cutShort: false });
  }

  /** Compares how the iteration ended with the recording; the agent's divergence, if it has one now. */
  endIteration(agent: string, result: IterationResult): Divergence | undefined {
    const cursor = this.cursor(agent);
    const recorded = cursor.iteration;
    if (cursor.live || cursor.divergence || !recorded || cursor.cutShort) return cursor.divergence;
    const actual: ReplayStep = { kind: 'end', result };
    const missed = recorded.calls[cursor.next];
    if (missed) return this.diverged(cursor, agent, recorded, this.expectedCall(missed), actual);
    if (!recorded.end) return undefined;
    const expected = recordedResult(recorded.end);
    if (expected.kind === 'aborted' || sameResult(expected, result)) return undefined;
    return this.diverged(cursor, agent, recorded, { kind: 'end', result: expected }, actual);
  }

  divergence(agent: string): Divergence | undefined {
    return this.cursors.get(agent)?.divergence;
  }

  /** Whether the agent's calls now reach the back ends. */
  isLive(agent: string): boolean {
    return this.cursors.get(agent)?.live ?? false;
  }

  /** Sends the agent's calls to the back ends from now on (a fork at an iteration boundary). */
  goLive(agent: string): void {
    if (!this.live) throw new Error('this replay was built without back ends: it cannot go live');
    this.cursor(agent).live = true;
  }

  /**
   * What the agent process needs to serve a recorded iteration's calls itself (docs/recordings.md):
   * its calls up to the first whose arguments a secret of this config would change, since only
   * this host redacts, and its end unless a secret would change that.
   */
  scriptOf(iteration: RecordedIteration, agent: string): ReplayIterationScript {
    const calls: ReplayCall[] = [];
    for (const call of iteration.calls) {
      if (!this.untouchedByRedaction(call.args)) break;
      if (this.effects?.wants({ agent, iteration: iteration.iteration, index: calls.length + 1, call })) break;
      calls.push(
        call.ok
          ? { op: call.op, args: call.args, ok: true, value: decodeValue(call.op, call.value) }
          : {
              op: call.op,
              args: call.args,
              ok: false,
              error: call.error ?? (call.fault ? '' : 'failed'),
              fault: !!call.fault,
            },
      );
    }
    return { calls, end: calls.length < iteration.calls.length ? { kind: 'unknown' } : this.scriptEnd(iteration) };
  }

  private scriptEnd(iteration: RecordedIteration): ReplayEnd {
    if (!iteration.end) return { kind: 'any' };
    const end = recordedResult(iteration.end);
    if (end.kind === 'aborted') return { kind: 'any' };
    if (end.kind === 'outcome')
      return this.untouchedByRedaction(end.outcome as Json)
        ? { kind: 'outcome', outcome: end.outcome }
        : { kind: 'unknown' };
    return this.untouchedByRedaction(end.error) ? { kind: 'failed', error: end.error } : { kind: 'unknown' };
  }

  private untouchedByRedaction(value: Json): boolean {
    const { redactor } = this.trace;
    return !redactor.active || jsonEqual(redactor.value(value), value);
  }

  /** The agent process served the next `count` recorded calls: they are traced and tapped as if dispatched here. */
  override servedInProcess(agent: string, count: number): void {
    const cursor = this.cursor(agent);
    const recorded = cursor.iteration;
    if (!recorded || cursor.live || cursor.next + count > recorded.calls.length)
      throw new Error(`agent "${agent}" served calls its replay cursor does not have`);
    const iteration = this.context(agent).iteration;
    this.callsServedInProcess += count;
    for (let i = 0; i < count; i++) {
      const call = recorded.calls[cursor.next++]!;
      const startedAt = Date.now();
      let outcome: TappedCall['outcome'];
      try {
        outcome = { ok: true, value: this.serve(agent, call) };
      } catch (error) {
        outcome = { ok: false, error: (error as Error).message, fault: !(error instanceof HostCallError) };
      }
      const args = decodeValue(call.op, call.args) as unknown[];
      this.callTap?.({ agent, iteration, op: call.op, args, outcome, startedAt, durationMs: 0, local: false });
    }
  }

  protected override async dispatch(agent: string, op: HostOp, args: readonly unknown[]): Promise<unknown> {
    const cursor = this.cursor(agent);
    const recorded = cursor.iteration;
    if (cursor.live || !recorded) return super.dispatch(agent, op, args);
    const expected = recorded.calls[cursor.next];
    const actualArgs = (encodeValue(op, this.trace.redactor.value([...args])) ?? []) as Json[];
    if (!expected && recorded.end && recordedResult(recorded.end).kind !== 'aborted') {
      const end: ReplayStep = { kind: 'end', result: recordedResult(recorded.end) };
      return this.divergeAt(cursor, agent, recorded, end, { kind: 'call', op, args: actualArgs }, args);
    }
    if (!expected) {
      cursor.cutShort = true;
      throw new ReplayStop(`the recording of iteration ${recorded.iteration} ends here`);
    }
    if (expected.op !== op || !jsonEqual(expected.args, actualArgs)) {
      return this.divergeAt(
        cursor,
        agent,
        recorded,
        this.expectedCall(expected),
        { kind: 'call', op, args: actualArgs },
        args,
      );
    }
    const effect: RecordedEffect = { agent, iteration: recorded.iteration, index: cursor.next + 1, call: expected };
    const change = this.effects?.wants(effect) ? this.effects.change(effect) : undefined;
    cursor.next++;
    return change ? this.serveChanged(agent, cursor, expected, change) : this.serve(agent, expected);
  }

  /** A recorded call answered as the effect hook says; the recorded trace of its answer is not traced. */
  private serveChanged(agent: string, cursor: Cursor, call: RecordedCall, change: EffectChange): unknown {
    const ctx = this.context(agent);
    const { answer } = change;
    this.traceLog(
      ctx,
      'info',
      `replay: ${call.op} answered otherwise than recorded (${answer.ok ? 'a value' : `error: ${answer.error}`})`,
    );
    if (change.then === 'live') {
      if (!this.live) throw new Error('this replay was built without back ends: it cannot go live');
      cursor.live = true;
      for (const envelope of change.deliver ?? [])
        this.deliver(ctx, decodeValue('host.recv', envelope) as EventEnvelope);
    }
    if (!answer.ok) throw answer.fault ? new Error(answer.error) : new HostCallError(answer.error);
    return decodeValue(call.op, answer.value);
  }

  private serve(agent: string, call: RecordedCall): unknown {
    const ctx = this.context(agent);
    // Memory follows the recording, so that a replay that goes live finds it as it was.
    if (call.op === 'host.memory-set') ctx.memory.set(String(call.args[0]), String(call.args[1]));
    if (call.op === 'host.memory-remove') ctx.memory.delete(String(call.args[0]));
    for (const { seq: _seq, time: _time, ...event } of call.trace) {
      this.trace.record({ ...event, iteration: ctx.iteration } as UnstampedTraceEvent);
    }
    if (!call.ok) throw call.fault ? new Error(call.error) : new HostCallError(call.error ?? 'failed');
    return decodeValue(call.op, call.value);
  }

  private async divergeAt(
    cursor: Cursor,
    agent: string,
    recorded: RecordedIteration,
    expected: ReplayStep,
    actual: ReplayStep,
    args: readonly unknown[],
  ): Promise<unknown> {
    const divergence = this.diverged(cursor, agent, recorded, expected, actual);
    const position = await this.locate?.(agent);
    if (position) divergence.position = position;
    if (!this.live || !this.goesLiveAtDivergence)
      throw new ReplayStop(`replay diverged at iteration ${recorded.iteration} call ${divergence.call}`);
    cursor.live = true;
    return super.dispatch(agent, (actual as { op: HostOp }).op, args);
  }

  private diverged(
    cursor: Cursor,
    agent: string,
    recorded: RecordedIteration,
    expected: ReplayStep,
    actual: ReplayStep,
  ): Divergence {
    cursor.divergence = { agent, iteration: recorded.iteration, call: cursor.next + 1, expected, actual };
    return cursor.divergence;
  }

  private expectedCall(call: RecordedCall): ReplayStep {
    return { kind: 'call', op: call.op, args: call.args };
  }

  private cursor(agent: string): Cursor {
    let cursor = this.cursors.get(agent);
    if (!cursor) {
      cursor = { iteration: undefined, next: 0, live: false, divergence: undefined, cutShort: false };
      this.cursors.set(agent, cursor);
    }
    return cursor;
  }
}

function sameResult(expected: IterationResult, actual: IterationResult): boolean {
  if (expected.kind !== actual.kind) return false;
  if (expected.kind === 'outcome' && actual.kind === 'outcome') return jsonEqual(expected.outcome, actual.outcome);
  if (expected.kind === 'failed' && actual.kind === 'failed') return expected.error === actual.error;
  return true;
}
