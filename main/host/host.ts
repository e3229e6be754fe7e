import type { AbortCause } from '../../contract/iteration-result.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { buildEndpoint } from '../endpoint/build-endpoint.ts';
import type { Endpoint } from '../endpoint/endpoint.ts';
import { HostCallError } from '../host-api/host-call-error.ts';
import { HOST_OPS, type HostOp } from '../host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import type { Provider } from '../providers/provider.ts';
import type { Tooling } from '../tooling/tooling.ts';
import type { CloseReason, Json, LogTrace, SourceKind, TraceEvent } from '../trace/trace-event.ts';
import { Redactor } from '../trace/redactor.ts';
import { TraceRecorder } from '../trace/trace-recorder.ts';
import { configSecrets } from './config-secrets.ts';
import { AgentContext } from './agent-context.ts';
import type { BackendEntry } from '../backends/backend-status.ts';
import { buildBackends } from './backend-registry.ts';
import { Bus } from './bus.ts';
import type { CallScope, HostServices } from './calls/call-scope.ts';
import { HOST_CALL_HANDLERS } from './calls/all-calls.ts';
import { answerLocally, isLocalOp, localCallTrace, type LocalOp } from '../local-calls/local-calls.ts';
import { InjectionQueue } from '../backends/injection-queue.ts';
import { DroppedEvents } from './dropped-events.ts';
import { heldReason, type Restrictions } from '../trust/restrictions.ts';
import { brainLiesOutside, withheldFailure } from './brain-failure-text.ts';

/**
 * What may happen to a call once its BeforeCallHook resolves: other arguments, or an answer that
 * replaces the call (a held call the user answered or rejected), and what to run once it returned.
 */
export interface BeforeCall {
  args?: readonly unknown[];
  answer?: { ok: true; value: unknown } | { ok: false; error: string };
  after?: () => void;
}

/** Runs before a host call; resolves when the call may proceed (host-call breakpoints). */
export type BeforeCallHook = (
  agent: string,
  op: HostOp,
  args: readonly unknown[],
) => Promise<BeforeCall | void> | BeforeCall | void;

/** One host call of an agent with its answer, as a CallTap sees it once the call has returned. */
export interface TappedCall {
  agent: string;
  iteration: number;
  op: HostOp;
  args: readonly unknown[];
  /** The answer, or the error: `fault` when it was not the op's own `err` (a host error, which stops the iteration). */
  outcome: { ok: true; value: unknown } | { ok: false; error: string; fault: boolean };
  /** Milliseconds since the Unix epoch when the call reached the host (or its agent process's bridge). */
  startedAt: number;
  durationMs: number;
  /** Answered in the agent process (time-now, new-uuid, ...), which reported it afterwards. */
  local: boolean;
}

/** Sees every host call of every agent (recordings); called in each agent's call order. */
export type CallTap = (call: TappedCall) => void;

/** Sees every event that enters an agent's inbox, whoever put it there (recordings, for a fork's inbox). */
export type DeliveryTap = (agent: string, envelope: EventEnvelope) => void;

export interface HostOptions {
  /** Trace events kept per agent. */
  traceCapacity?: number;
  /** The trace numbers on from this sequence number (a restarted workspace in the workbench). */
  traceSeqAfter?: number;
  /** Events of an earlier trace that this one keeps as its own history (traceSeqAfter at least their last). */
  earlierTrace?: readonly TraceEvent[];
  /**
   * What is held back because the workspace is not trusted (main/trust): absent, everything runs,
   * as the command line's `run`, `loop` and `test` do.
   */
  restrictions?: Restrictions;
  /**
   * The real folders whose brains' failures are shown as their engine words them (the
   * workbench: the workspace and the bundled components); a brain elsewhere fails with its error
   * class and position only (brain-failure-text.ts). Every brain's in full when absent.
   */
  brainFolders?: readonly string[];
}

/**
 * The stateful heart of Brainbench: registries, bus, per-agent contexts and the trace. It answers
 * every host call of every agent; engines reach it through their agent process's bridge.
 */
type UntypedHandler = (scope: CallScope, args: readonly unknown[]) => unknown;

export class Host implements HostServices {
  readonly trace: TraceRecorder;
  readonly bus: Bus;
  readonly injections = new InjectionQueue();
  private readonly dropped = new DroppedEvents((agent, message) =>
    this.traceLog(this.context(agent), 'warn', `inbox full (${this.bus.inbox(agent).bound} events): ${message}`),
  );
  readonly providers: Map<string, Provider>;
  readonly tooling: Map<string, Tooling>;
  readonly agents = new Map<string, AgentContext>();
  /** omw's `[endpoint]`, when one is configured. */
  readonly endpoint: Endpoint | undefined;
  private closing: Promise<void> | undefined;
  beforeCall: BeforeCallHook | undefined;
  /** Whether agent processes must send the calls they could answer themselves here (a replay answers them from its recording). */
  readonly answersLocalOps: boolean = false;
  callTap: CallTap | undefined;
  deliveryTap: DeliveryTap | undefined;
  /**
   * What is held back. The back ends are built on it; agents consult it when their process starts,
   * so a saved config that rewires some agents only (or trust granted) changes it in place.
   */
  restrictions: Restrictions | undefined;
  private readonly brainFolders: readonly string[] | undefined;

  constructor(
    /** Replaced by `reconfigure` when a saved config rewires some agents only. */
    public config: OmwConfig,
    options: HostOptions = {},
  ) {
    this.trace = new TraceRecorder(
      options.traceCapacity ?? 10_000,
      options.traceSeqAfter,
      new Redactor(configSecrets(config)),
    );
    if (options.earlierTrace) this.trace.keepEarlier(options.earlierTrace);
    this.restrictions = options.restrictions;
    this.brainFolders = options.brainFolders;
    this.bus = new Bus(config.tunables.inbox_bound, (agent, envelope) => {
      this.trace.record({
        type: 'delivered',
        agent,
        iteration: this.agents.get(agent)?.iteration ?? 0,
        id: envelope.id,
        event: envelope.event,
      });
      this.deliveryTap?.(agent, envelope);
    });
    const built = buildBackends(config, { trace: this.trace, injections: this.injections }, this.restrictions);
    this.providers = built.providers;
    this.tooling = built.tooling;
    for (const [name, agent] of Object.entries(config.agents)) {
      this.agents.set(name, new AgentContext(name, agent.script, config.memory[name]));
    }
    // Last: an HTTP endpoint starts listening, and nothing may fail after that.
    this.endpoint = buildEndpoint(config, {
      trace: this.trace,
      injections: this.injections,
      deliver: (agent, envelope) => this.deliver(this.context(agent), envelope),
      warn: (agent, message) => this.traceLog(this.context(agent), 'warn', message),
    });
  }

  /** Why the agent's process must not start (its runtime is held back), or undefined. */
  heldBack(agent: string): string | undefined {
    const runtime = this.config.agents[agent]?.runtime;
    const item = runtime === undefined ? undefined : this.restrictions?.heldRuntime(runtime);
    return item && heldReason(item);
  }

  /**
   * A brain's failure as the CLI, the workbench and the trace may show it: secrets redacted, and
   * the engine's message withheld for a brain outside `brainFolders`, since it may quote the file.
   */
  shownResult<T extends { ok: true } | { ok: false; error: string }>(agent: string, result: T): T {
    const shown = this.trace.redactor.value(result);
    if (shown.ok || !this.brainFolders) return shown;
    const { script } = this.context(agent);
    if (!brainLiesOutside(script, this.brainFolders)) return shown;
    return { ...shown, error: withheldFailure(shown.error, script) };
  }

  context(agent: string): AgentContext {
    const ctx = this.agents.get(agent);
    if (!ctx) throw new Error(`unknown agent "${agent}"`);
    return ctx;
  }

  /**
   * Answers one host call. Failures of ops whose WIT result can carry an error come back as
   * HostCallError; for the others a failure is a host bug and propagates as is.
   */
  async call(agent: string, op: HostOp, args: readonly unknown[]): Promise<unknown> {
    const before = this.beforeCall ? await this.beforeCall(agent, op, args) : undefined;
    const callArgs = before?.args ?? args;
    const answer = before?.answer;
    const run = answer ? () => answered(answer) : () => this.dispatch(agent, op, callArgs);
    try {
      return this.callTap ? await this.tapped(this.callTap, agent, op, callArgs, run) : await run();
    } finally {
      before?.after?.();
    }
  }

  private async tapped(
    tap: CallTap,
    agent: string,
    op: HostOp,
    args: readonly unknown[],
    run: () => Promise<unknown>,
  ): Promise<unknown> {
    const iteration = this.context(agent).iteration;
    const startedAt = Date.now();
    const started = performance.now();
    const report = (outcome: TappedCall['outcome']) =>
      tap({ agent, iteration, op, args, outcome, startedAt, durationMs: performance.now() - started, local: false });
    try {
      const value = await run();
      report({ ok: true, value });
      return value;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      report({ ok: false, error: message, fault: !(error instanceof HostCallError) });
      throw error;
    }
  }

  /** Answers one call (a subclass may answer it otherwise: replay serves it from a recording). */
  protected async dispatch(agent: string, op: HostOp, args: readonly unknown[]): Promise<unknown> {
    const ctx = this.context(agent);
    if (isLocalOp(op)) {
      const value = answerLocally(agent, op, args);
      this.recordLocalCall(agent, op, value);
      return value;
    }
    // The arguments are the canonical ones the engine's binding converted for this very op.
    const handler = HOST_CALL_HANDLERS[op] as UntypedHandler | undefined;
    if (!handler) throw new Error(`host op ${op} is not implemented`);
    let callSeq: number | undefined;
    let omittedArguments: { [key: string]: Json } | undefined;
    const started = performance.now();
    const scope: CallScope = {
      host: this,
      ctx,
      signal: ctx.signal,
      record: (name, detail, uuid = null, omitted) => {
        callSeq = this.trace.record({ type: 'call', agent, iteration: ctx.iteration, op: name, uuid, detail }).seq;
        omittedArguments = omitted;
        this.injections.flush();
      },
      recordUntraced: (name) => {
        callSeq = this.trace.record({ type: 'host-call', agent, iteration: ctx.iteration, op: name }).seq;
      },
      opened: (source, uuid) => this.traceOpened(ctx, source, uuid),
      closed: (source, uuid, reason) => this.traceClosed(ctx, source, uuid, reason),
    };
    try {
      const value = await handler(scope, args);
      // The call's own queued deliveries (a ready tool result) land before it returns.
      this.injections.flush();
      if (callSeq !== undefined) this.traceResult(ctx, callSeq, started, { ok: true, value }, omittedArguments);
      return value;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (callSeq !== undefined) {
        this.traceResult(ctx, callSeq, started, { ok: false, error: message }, omittedArguments);
      }
      if (!canFail(op)) throw error;
      throw error instanceof HostCallError ? error : new HostCallError(message);
    }
  }

  /**
   * Calls the agent process served itself from the replay script a ReplayHost gave it, reported
   * in their place among its output; a Host that gives none is never told of any.
   */
  servedInProcess(agent: string, count: number): void {
    throw new Error(`agent "${agent}" reported ${count} calls served from a replay script it was never given`);
  }

  /** A call the agent process answered itself, with its arguments, as it reported it afterwards. */
  answeredLocally(agent: string, op: LocalOp, args: readonly unknown[], outcome: TappedCall['outcome']): void {
    if (outcome.ok) this.recordLocalCall(agent, op, outcome.value);
    const iteration = this.context(agent).iteration;
    this.callTap?.({ agent, iteration, op, args, outcome, startedAt: Date.now(), durationMs: 0, local: true });
  }

  /**
   * Traces a call of an op that needs no shared state, as omw traces it (only some are), whichever
   * side answered it: the agent process reports the ones it answered itself.
   */
  recordLocalCall(agent: string, op: LocalOp, value: unknown): void {
    const traced = localCallTrace(op);
    if (!traced) return;
    const ctx = this.context(agent);
    const { seq } = this.trace.record({
      type: 'call',
      agent,
      iteration: ctx.iteration,
      op: traced.name,
      uuid: null,
      detail: traced.detail,
    });
    this.injections.flush();
    this.traceResult(ctx, seq, performance.now(), { ok: true, value });
  }

  /** Puts an envelope into an agent's inbox; a full inbox drops it (counted, see DroppedEvents) and returns false. */
  deliver(ctx: AgentContext, envelope: EventEnvelope): boolean {
    if (this.bus.deliver(ctx.name, envelope)) {
      this.dropped.delivered(ctx.name);
      return true;
    }
    this.dropped.dropped(ctx.name, envelope.event.kind);
    return false;
  }

  /** omw's send-agent: delivered only if `dest` subscribed to the sender. */
  sendAgent(ctx: AgentContext, dest: string, payload: string): void {
    const subscription = this.bus.listenersOf(ctx.name).find((listener) => listener.agent === dest);
    const target = this.agents.get(dest);
    if (!subscription || !target) return;
    this.deliver(target, { id: subscription.uuid, event: { kind: 'message', data: payload } });
  }

  /** Every configured provider and tool server with its kind and, for real back ends, live status. */
  backends(): BackendEntry[] {
    const entry = (section: BackendEntry['section'], backend: Provider | Tooling): BackendEntry => {
      // A back end's failure may quote a secret (an SDK's message, a server's stderr).
      const status = this.trace.redactor.value(backend.status?.());
      return { section, name: backend.name, kind: backend.kind, ...(status ? { status } : {}) };
    };
    return [
      ...[...this.providers.values()].map((p) => entry('providers', p)),
      ...[...this.tooling.values()].map((t) => entry('tooling', t)),
    ];
  }

  /** Restarts a provider (aborting its requests) or a tool server (a new process or session). */
  async restartBackend(section: BackendEntry['section'], name: string): Promise<void> {
    const backend = section === 'providers' ? this.providers.get(name) : this.tooling.get(name);
    if (!backend) throw new Error(`no such ${section === 'providers' ? 'provider' : 'tooling'} "${name}"`);
    await backend.restart?.();
  }

  /**
   * Rewinds the back ends that keep scripted state (the mocks, shared by every agent as in omw)
   * to the state they were built in.
   */
  rewindBackends(): void {
    for (const backend of [...this.providers.values(), ...this.tooling.values()]) backend.rewind?.();
  }

  /**
   * Ends server processes and connections, and the endpoint's sessions; the host is not used
   * afterwards. Idempotent: the supervisor's shutdown and the commands both close it.
   */
  close(): Promise<void> {
    this.closing ??= Promise.all([
      ...[...this.providers.values(), ...this.tooling.values()].map((backend) => backend.close?.()),
      this.endpoint?.close(),
    ]).then(() => undefined);
    return this.closing;
  }

  /**
   * Takes a config that differs from this one in some agents only (the back ends, endpoint and
   * tunables are the same): the agents `replaced` and `removed` lose their open sources and
   * inbox, and the replaced (or added) ones start on a fresh context.
   */
  reconfigure(config: OmwConfig, replaced: readonly string[], removed: readonly string[]): void {
    for (const agent of [...replaced, ...removed]) {
      if (!this.agents.has(agent)) continue;
      this.cancelAll(agent);
      this.bus.inbox(agent).clear();
    }
    for (const agent of removed) this.agents.delete(agent);
    this.config = config;
    for (const agent of replaced) {
      this.agents.set(agent, new AgentContext(agent, config.agents[agent]!.script, config.memory[agent]));
    }
  }

  /** Puts an event into an agent's inbox from outside the brain (the workbench's inject). */
  inject(agent: string, envelope: EventEnvelope): boolean {
    return this.bus.deliver(this.context(agent).name, envelope);
  }

  /** Prepares an iteration (omw-compat 3.3): clears flags, drains system events, forgets lifecycle. */
  prepareIteration(agent: string): number {
    const ctx = this.context(agent);
    const lifecycle = this.bus.lifecycleOf(agent);
    this.bus.inbox(agent).retain(({ id, event }) => {
      if (event.kind === 'reload' || event.kind === 'shutdown') return false;
      return !(event.kind === 'error' && lifecycle !== undefined && id === lifecycle);
    });
    this.bus.clearLifecycle(agent);
    return ctx.beginIteration();
  }

  /** Tier 1 of an abort: sets the flag and, for reload and shutdown, queues the event. */
  abort(agent: string, cause: AbortCause): void {
    const ctx = this.context(agent);
    ctx.abort(cause);
    if (cause === 'stop') return;
    const id = this.bus.lifecycleOf(agent) ?? crypto.randomUUID();
    this.bus.deliver(agent, { id, event: { kind: cause } });
  }

  /** Cancels every open stream, timer, subscription and queued tool call of an agent. */
  cancelAll(agent: string): void {
    const ctx = this.context(agent);
    for (const registry of ctx.registries()) {
      for (const entry of registry.list()) {
        if (registry.cancel(entry.uuid)) this.traceClosed(ctx, entry.source, entry.uuid, 'cancelled');
      }
    }
  }

  traceInbound(ctx: AgentContext, envelope: EventEnvelope): void {
    this.trace.record({
      type: 'inbound',
      agent: ctx.name,
      iteration: ctx.iteration,
      id: envelope.id,
      event: envelope.event,
    });
    this.injections.flush();
  }

  traceOpened(ctx: AgentContext, source: SourceKind, uuid: string): void {
    this.trace.record({ type: 'opened', agent: ctx.name, iteration: ctx.iteration, source, uuid });
  }

  traceClosed(ctx: AgentContext, source: SourceKind, uuid: string, reason: CloseReason): void {
    this.trace.record({ type: 'closed', agent: ctx.name, iteration: ctx.iteration, source, uuid, reason });
  }

  traceLog(ctx: AgentContext, level: LogTrace['level'], message: string): void {
    this.trace.record({ type: 'log', agent: ctx.name, iteration: ctx.iteration, level, message });
  }

  private traceResult(
    ctx: AgentContext,
    callSeq: number,
    started: number,
    result: { ok: true; value: unknown } | { ok: false; error: string },
    omitted?: { [key: string]: Json },
  ): void {
    const durationMs = performance.now() - started;
    const base = {
      type: 'result' as const,
      agent: ctx.name,
      iteration: ctx.iteration,
      callSeq,
      durationMs,
      ...(omitted ? { omitted } : {}),
    };
    if (result.ok) this.trace.record({ ...base, ok: true, value: toJson(result.value) });
    else this.trace.record({ ...base, ok: false, error: result.error });
  }
}

const canFail = (op: HostOp): boolean => {
  const spec = HOST_OPS[op];
  return 'result' in spec && spec.result.startsWith('result<');
};

const toJson = (value: unknown): Json => {
  if (value === undefined) return null;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value as Json;
};

/** A call answered in place of its back end: the value, or the op's own error. */
async function answered(answer: NonNullable<BeforeCall['answer']>): Promise<unknown> {
  if (!answer.ok) throw new HostCallError(answer.error);
  return answer.value;
}
