// Entry of an agent process. The main thread is the agent's bridge (async side): it runs the
// engine on a worker thread, answers the engine's host calls (locally when no shared state is
// involved, otherwise through the host), and keeps the engine within its limits.
import { setTimeout as delay } from 'node:timers/promises';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { answerLocally, isLocalOp, localCallTrace } from '../local-calls/local-calls.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import {
  interruptMessage,
  INTERRUPT_REASON,
  memoryCapMessage,
  type CheckResult,
  type RunResult,
} from '../runtimes/engine.ts';
import { parentLink } from './parent-link.ts';
import type {
  AgentInit,
  HopStamps,
  HostToAgent,
  OutputEntry,
  TravelOutcome,
} from '../agent-protocol/agent-protocol.ts';
import type { BridgeReply, BridgeRequest, EngineSetup, WorkerCommand, WorkerEvent } from './worker-protocol.ts';
import { newOutputRing, OUTPUT_NOTE_PATIENCE_MS, OutputReader } from './output-ring.ts';
import { monotonicMicros } from './monotonic-micros.ts';
import { engineThread, warmEngineThread } from './engine-thread.ts';
import { MEMORY_TICK_MS, PROCESS_OVERHEAD_BYTES } from './engine-heap.ts';
import {
  answerHostCall,
  CONTROL_SLOTS,
  INTERRUPT_FLAG,
  LOCAL_SERVING,
  LOG_FORWARDED,
  SERVED_CALLS,
  sendDebugNotice,
  sendDebugRequest,
  wakeEngine,
} from './sync-bridge.ts';
import type { DebugConfig, DebugNotice, DebugRequest, EngineDebugEvent } from '../runtimes/debug/debug-protocol.ts';

const WATCHDOG_TICK_MS = 50;
/** Output entries per message to the host. */
const OUTPUT_BATCH = 4096;
/** How long the bridge lets output gather after the first of it arrives. */
const OUTPUT_COALESCE_MS = 2;
/** How long a stopped engine thread gets to end before the whole process is replaced. */
const STOP_GRACE_MS = 1000;

const link = parentLink();
const send = (message: unknown) => link.send(message);

interface Running {
  id: number;
  startedAt: number;
  /** When the engine last started computing; undefined while it waits in a host call. */
  busySince: number | undefined;
  interruptedAt: number | undefined;
  /**
   * Since when the engine has been loading what the command needs (a component); loading counts
   * against neither the busy limit, the deadline nor the brain's memory.
   */
  loadingSince: number | undefined;
  /** Since when the brain is stopped in the debugger: neither busy time nor the deadline's. */
  stoppedSince: number | undefined;
  /** The hops so far, when they are measured. */
  hops: Partial<HopStamps> | undefined;
}

class EngineHost {
  private worker: Worker | undefined;
  private bridgePort: MessagePort | undefined;
  private debugPort: MessagePort | undefined;
  private noticePort: MessagePort | undefined;
  /** The debugger's settings, given again to each new engine thread. */
  private debugConfig: DebugConfig | undefined;
  /** The current engine thread's prints and logs. */
  private output: OutputReader | undefined;
  private control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4));
  private running: Running | undefined;
  private queued: WorkerCommand[] = [];
  private ready = false;
  /** Whether the host has been told this agent is ready (once, at its first engine's start). */
  private announced = false;
  private forwarded: Set<HostOp> | 'all' = new Set();
  /** Report every local call to the host, not only the traced ones (a recording is made). */
  reportLocal = false;
  private nextCallId = 1;
  private pendingCall: number | undefined;
  /** The engine's count of calls served from a replay script, as the watchdog last saw it. */
  private servedSeen = 0;
  private baselineRss = 0;
  /** Set when no engine can be built (e.g. an unsupported runtime kind); every command fails with it. */
  private fatal: string | undefined;
  /** When each command arrived, while hops are measured. */
  private readonly receivedAt = new Map<number, number>();

  constructor(
    private readonly init: AgentInit,
    private readonly options: { announceReady: boolean } = { announceReady: true },
  ) {
    setInterval(() => this.watch(), WATCHDOG_TICK_MS).unref();
    setInterval(() => this.watchMemory(), MEMORY_TICK_MS).unref();
    this.spawn();
  }

  submit(command: WorkerCommand): void {
    if (this.init.measureHops) this.receivedAt.set(command.id, monotonicMicros());
    if (this.fatal !== undefined) {
      send({ t: 'result', id: command.id, result: { ok: false, error: this.fatal } });
      return;
    }
    if (!this.ready || this.running) {
      this.queued.push(command);
      return;
    }
    this.start(command);
  }

  /** True while an iteration runs; a check then goes to a second engine (omw checks while running). */
  get busy(): boolean {
    return this.running !== undefined;
  }

  setForwarded(ops: HostOp[] | 'all'): void {
    this.forwarded = ops === 'all' ? 'all' : new Set(ops);
    this.syncLogForwarding();
    this.stopLocalServing();
  }

  /**
   * The host must see the agent's calls from now on (a breakpoint, a pause, the debugger): a
   * replay's calls stop being served on the engine thread, in the running command and the queued ones.
   */
  private stopLocalServing(): void {
    Atomics.store(this.control, LOCAL_SERVING, 0);
    for (const command of this.queued) if (command.t === 'replay') command.serve = false;
  }

  private syncLogForwarding(): void {
    const forwarded = this.forwarded === 'all' || this.forwarded.has('host.log');
    Atomics.store(this.control, LOG_FORWARDED, forwarded ? 1 : 0);
  }

  reply(id: number, reply: BridgeReply): void {
    // A reply for a call of an engine that was since replaced has nobody to wake.
    if (id !== this.pendingCall || !this.bridgePort) return;
    this.pendingCall = undefined;
    if (this.running) this.running.busySince = Date.now();
    answerHostCall(this.bridgePort, this.control, reply);
  }

  interrupt(): void {
    this.stopLocalServing();
    if (!this.running || this.running.interruptedAt) return;
    this.resumeClocks();
    this.running.interruptedAt = Date.now();
    const pastDeadline =
      this.init.deadlineMs > 0 && this.running.interruptedAt - this.running.startedAt > this.init.deadlineMs;
    Atomics.store(this.control, INTERRUPT_FLAG, pastDeadline ? INTERRUPT_REASON.deadline : INTERRUPT_REASON.stop);
    // A brain stopped in the debugger sleeps until woken; it then goes on to its interrupt check.
    wakeEngine(this.control);
  }

  debugNotice(notice: DebugNotice): void {
    this.stopLocalServing();
    if (notice.t === 'config') this.debugConfig = notice.config;
    if (this.noticePort) sendDebugNotice(this.noticePort, this.control, notice);
  }

  debugRequest(request: DebugRequest): void {
    if (!this.debugPort) {
      send({ t: 'debug', event: { t: 'answer', answer: { ok: false, error: 'the engine is not running' } } });
      return;
    }
    if (request.t === 'resume') this.resumeClocks();
    sendDebugRequest(this.debugPort, this.control, request);
  }

  private onDebugEvent(event: EngineDebugEvent): void {
    if (event.t === 'stopped' && this.running && this.running.stoppedSince === undefined) {
      this.flushOutput();
      this.running.stoppedSince = Date.now();
      this.running.busySince = undefined;
    }
    send({ t: 'debug', event });
  }

  /** The time a brain spent stopped in the debugger is taken off its deadline and busy clock. */
  private resumeClocks(): void {
    const running = this.running;
    if (!running || running.stoppedSince === undefined) return;
    const now = Date.now();
    running.startedAt += now - running.stoppedSince;
    running.stoppedSince = undefined;
    running.busySince = now;
  }

  private spawn(): void {
    this.ready = false;
    this.control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4));
    this.servedSeen = 0;
    this.syncLogForwarding();
    const { port1, port2 } = new MessageChannel();
    const debugChannel = new MessageChannel();
    const noticeChannel = new MessageChannel();
    this.bridgePort = port1;
    this.debugPort = debugChannel.port1;
    this.noticePort = noticeChannel.port1;
    if (this.debugConfig) sendDebugNotice(this.noticePort, this.control, { t: 'config', config: this.debugConfig });
    const outputRing = newOutputRing();
    const output = new OutputReader(outputRing);
    this.output = output;
    const worker = engineThread({ kind: this.init.runtime.kind, limits: this.init.limits });
    const setup: EngineSetup = {
      init: this.init,
      ports: { bridge: port2, debugRequests: debugChannel.port2, debugNotices: noticeChannel.port2 },
      control: this.control,
      outputRing,
    };
    worker.postMessage(setup, [port2, debugChannel.port2, noticeChannel.port2]);
    this.worker = worker;
    port1.on('message', (request: BridgeRequest) => this.onHostCall(request));
    debugChannel.port1.on('message', (event: EngineDebugEvent) => this.onDebugEvent(event));
    worker.on('message', (event: WorkerEvent) => this.onWorkerEvent(event));
    worker.on('error', (error: Error & { code?: string }) => {
      // A thread already replaced (stopped for a limit, say) may still fail on its way out.
      if (this.worker !== worker) return;
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      // Before its engine is ready no brain has run: a new thread would only fail the same way.
      if (!this.ready) {
        const reason = outOfMemory ? 'its thread ran out of memory while loading' : error.message;
        this.cannotStart(`the ${this.init.runtime.kind} engine could not start: ${reason}`);
        return;
      }
      this.replace(outOfMemory ? this.memoryMessage() : `engine crashed: ${error.message}`);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.replace('engine thread exited unexpectedly');
    });
    void this.pumpOutput(output);
  }

  /** Sends the brain's output to the host as it comes, one batch in flight at a time. */
  private async pumpOutput(output: OutputReader): Promise<void> {
    while (this.output === output) {
      await output.whenWritten();
      // A moment's wait turns a flood into batches rather than one message per print.
      await delay(OUTPUT_COALESCE_MS);
      if (this.output !== output) return;
      await this.sendOutput(output.read(OUTPUT_BATCH));
    }
  }

  /** Output travels to the host like a host call: the brain was not computing meanwhile. */
  private sendOutput(entries: OutputEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    if (this.running?.busySince !== undefined) this.running.busySince = Date.now();
    // A replayed iteration ended and the next began: its limits count from here.
    if (this.running && entries.some((entry) => entry.kind === 'iterated')) this.running.startedAt = Date.now();
    return new Promise((resolve) => link.send({ t: 'output', entries }, resolve));
  }

  /** Everything the brain wrote so far goes out before what follows it (a call, a result). */
  private flushOutput(output = this.output): void {
    if (output) void this.sendOutput(output.read());
  }

  /**
   * Ends the current iteration with `error`, stops its engine thread and starts a fresh one for
   * the next. A thread that does not stop in time (a component spinning in code that never
   * checks for termination) takes the process with it: the host starts a new one.
   */
  private replace(error: string): void {
    const worker = this.worker;
    const output = this.output;
    this.worker = undefined;
    this.output = undefined;
    this.ready = false;
    this.bridgePort?.close();
    this.bridgePort = undefined;
    this.debugPort?.close();
    this.debugPort = undefined;
    this.noticePort?.close();
    this.noticePort = undefined;
    this.pendingCall = undefined;
    this.flushOutput(output);
    output?.wake();
    this.finish({ ok: false, error });
    if (!worker) {
      this.spawn();
      return;
    }
    const stopped = new Promise<boolean>((resolve) => {
      worker.once('exit', () => resolve(true));
      setTimeout(() => resolve(false), STOP_GRACE_MS).unref();
    });
    void worker.terminate();
    void stopped.then((exited) => (exited ? this.spawn() : retire(STOP_GRACE_MS)));
  }

  private start(command: WorkerCommand): void {
    Atomics.store(this.control, INTERRUPT_FLAG, 0);
    Atomics.store(this.control, LOCAL_SERVING, command.t === 'replay' && command.serve ? 1 : 0);
    const now = Date.now();
    this.running = {
      id: command.id,
      startedAt: now,
      busySince: now,
      interruptedAt: undefined,
      loadingSince: undefined,
      stoppedSince: undefined,
      hops: undefined,
    };
    if (this.init.measureHops) {
      this.running.hops = { received: this.receivedAt.get(command.id), handedOver: monotonicMicros() };
      this.receivedAt.delete(command.id);
    }
    this.worker!.postMessage(command);
  }

  private finish(result: RunResult | CheckResult, ran?: [number, number], travel?: TravelOutcome[]): void {
    this.flushOutput();
    const running = this.running;
    this.running = undefined;
    if (running?.hops && ran) {
      const hops = { ...running.hops, engineStart: ran[0], engineEnd: ran[1], resultBack: monotonicMicros() };
      send({ t: 'result', id: running.id, result, hops });
    } else if (running) send({ t: 'result', id: running.id, result, ...(travel ? { travel } : {}) });
    const next = this.queued.shift();
    if (next && this.ready) this.start(next);
  }

  private onWorkerEvent(event: WorkerEvent): void {
    switch (event.t) {
      case 'ready':
        this.ready = true;
        this.baselineRss = process.memoryUsage.rss();
        if (this.options.announceReady && !this.announced) send({ t: 'ready' });
        this.announced = true;
        if (this.queued.length > 0) this.start(this.queued.shift()!);
        return;
      case 'loading':
        if (this.running) Object.assign(this.running, { busySince: undefined, loadingSince: Date.now() });
        return;
      case 'loaded':
        if (this.running) {
          const now = Date.now();
          const { startedAt, loadingSince = now } = this.running;
          Object.assign(this.running, {
            busySince: now,
            loadingSince: undefined,
            startedAt: startedAt + now - loadingSince,
          });
        }
        // What was loaded (a component's compiled code, say) belongs to the engine, not the brain.
        if (event.fresh) this.baselineRss = process.memoryUsage.rss();
        return;
      case 'result':
        // Before the result, on the same channel: the host has the counts when the iteration ends.
        if (event.coverage) send({ t: 'debug', event: { t: 'coverage', lines: event.coverage } });
        if (this.running?.id === event.id) this.finish(event.result, event.ran, event.travel);
        return;

      case 'failed':
        this.cannotStart(event.error);
        return;
    }
  }

  /** No engine can be built: every command, queued or to come, fails with `error`. */
  private cannotStart(error: string): void {
    const worker = this.worker;
    this.worker = undefined;
    this.output = undefined;
    void worker?.terminate();
    this.fatal = error;
    this.finish({ ok: false, error });
    if (this.options.announceReady && !this.announced) send({ t: 'ready' });
    this.announced = true;
    for (const command of this.queued.splice(0)) this.submit(command);
  }

  private onHostCall({ op, args }: BridgeRequest): void {
    this.flushOutput();
    if (this.running) this.running.busySince = undefined;
    const forwarded = this.forwarded === 'all' || this.forwarded.has(op);
    if (!forwarded && isLocalOp(op)) {
      const reply = this.answerLocally(() => answerLocally(this.init.agent, op, args));
      if (this.reportLocal || (reply.ok && localCallTrace(op))) send({ t: 'answered', op, args, reply });
      return;
    }
    const id = this.nextCallId++;
    this.pendingCall = id;
    send({ t: 'call', id, op, args });
  }

  private answerLocally(compute: () => unknown): BridgeReply {
    let reply: BridgeReply;
    try {
      reply = { ok: true, value: compute() };
    } catch (error) {
      reply = { ok: false, error: (error as Error).message };
    }
    if (this.running) this.running.busySince = Date.now();
    answerHostCall(this.bridgePort!, this.control, reply);
    return reply;
  }

  /** Backstops for engines that cannot interrupt themselves (wasm) and for ignored interrupts. */
  private watch(): void {
    const running = this.running;
    if (!running) return;
    const now = Date.now();
    const served = Atomics.load(this.control, SERVED_CALLS);
    // A call served on the engine thread is a host call too: the brain was not computing on.
    if (served !== this.servedSeen && running.busySince !== undefined) running.busySince = now;
    this.servedSeen = served;
    const { maxBusyMs } = this.init.limits;
    const budget = this.init.interruptBudgetMs;
    if (running.busySince !== undefined && now - running.busySince > maxBusyMs + budget) {
      this.replace(`brain computed for more than ${maxBusyMs} ms without calling the host`);
      return;
    }
    if (
      this.init.deadlineMs > 0 &&
      running.loadingSince === undefined &&
      running.stoppedSince === undefined &&
      now - running.startedAt > this.init.deadlineMs
    ) {
      if (!running.interruptedAt) this.interrupt();
    }
    // An iteration past its output limit was flagged by the engine thread; an engine that cannot
    // interrupt itself (a component printing in a loop) is stopped as if the bridge had asked,
    // once the others would have stopped and written how many lines they dropped.
    const flagged = Atomics.load(this.control, INTERRUPT_FLAG);
    if (!running.interruptedAt && flagged === INTERRUPT_REASON.output) running.interruptedAt = now;
    const patience = flagged === INTERRUPT_REASON.output ? budget + OUTPUT_NOTE_PATIENCE_MS : budget;
    if (running.interruptedAt && now - running.interruptedAt > patience) {
      this.replace(interruptMessage(Atomics.load(this.control, INTERRUPT_FLAG), this.init.limits));
    }
  }

  private watchMemory(): void {
    if (!this.running || this.running.loadingSince !== undefined || this.baselineRss === 0) return;
    if (process.memoryUsage.rss() > this.baselineRss + this.init.limits.maxMemoryBytes + PROCESS_OVERHEAD_BYTES) {
      this.replace(this.memoryMessage());
    }
  }

  private memoryMessage(): string {
    return memoryCapMessage(this.init.limits.maxMemoryBytes);
  }
}

/**
 * Leaves for good: an engine thread that would not stop still holds its memory and CPU, and only
 * the end of the process returns them. The host starts a new one for the next command.
 */
function retire(graceMs: number): void {
  link.send(
    { t: 'retired', reason: `the engine thread did not stop within ${graceMs} ms of its iteration's end` },
    () => process.exit(0),
  );
}

let engineHost: EngineHost | undefined;
/** A second engine, started on first need, that validates a new brain while the old one runs. */
let checker: EngineHost | undefined;
let agentInit: AgentInit | undefined;

link.onMessage((raw) => {
  const message = raw as HostToAgent;
  switch (message.t) {
    case 'warm':
      warmEngineThread(message.profile, () => send({ t: 'warmed' }));
      return;
    case 'init':
      agentInit = message.init;
      engineHost = new EngineHost(message.init);
      return;
    case 'run':
      engineHost?.submit(message);
      return;
    case 'replay':
      engineHost?.submit({ ...message, serve: true });
      return;
    case 'travel':
      engineHost?.submit(message);
      return;
    case 'check':
      if (engineHost?.busy && agentInit) {
        checker ??= new EngineHost(agentInit, { announceReady: false });
        checker.submit(message);
      } else {
        engineHost?.submit(message);
      }
      return;
    case 'reply':
      engineHost?.reply(
        message.id,
        message.ok ? { ok: true, value: message.value } : { ok: false, error: message.error },
      );
      return;
    case 'forward':
      engineHost?.setForwarded(message.ops);
      return;
    case 'report-local':
      if (engineHost) engineHost.reportLocal = message.on;
      return;
    case 'interrupt':
      engineHost?.interrupt();
      return;
    case 'debug-notice':
      engineHost?.debugNotice(message.notice);
      return;
    case 'debug-request':
      engineHost?.debugRequest(message.request);
      return;
  }
});

// The host going away must take its agents with it.
process.on('disconnect', () => process.exit(0));
