// Entry of an agent process. The main thread is the agent's bridge (async side): it runs the
// engine on a worker thread, answers the engine's host calls (locally when no shared state is
// involved, otherwise through the host), and keeps the engine within its limits.
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { answerLocally, isLocalOp } from '../local-calls/local-calls.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { CheckResult, RunResult } from '../runtimes/engine.ts';
import { parentLink } from './parent-link.ts';
import type { AgentInit, HostToAgent } from '../agent-protocol/agent-protocol.ts';
import type { BridgeReply, BridgeRequest, WorkerCommand, WorkerEvent } from './worker-protocol.ts';
import { answerHostCall, CONTROL_SLOTS, INTERRUPT_FLAG } from './sync-bridge.ts';

const WATCHDOG_TICK_MS = 50;
const MEMORY_TICK_MS = 250;
/** Room for Node itself above the brain's cap before the process-level check fires. */
const PROCESS_OVERHEAD_BYTES = 160 * 1024 * 1024;

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
}

class EngineHost {
  private worker: Worker | undefined;
  private bridgePort: MessagePort | undefined;
  private control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4));
  private running: Running | undefined;
  private queued: WorkerCommand[] = [];
  private ready = false;
  private forwarded: Set<HostOp> | 'all' = new Set();
  private nextCallId = 1;
  private pendingCall: number | undefined;
  private baselineRss = 0;
  /** Set when no engine can be built (e.g. an unsupported runtime kind); every command fails with it. */
  private fatal: string | undefined;

  constructor(
    private readonly init: AgentInit,
    private readonly options: { announceReady: boolean } = { announceReady: true },
  ) {
    setInterval(() => this.watch(), WATCHDOG_TICK_MS).unref();
    setInterval(() => this.watchMemory(), MEMORY_TICK_MS).unref();
    this.spawn();
  }

  submit(command: WorkerCommand): void {
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
  }

  reply(id: number, reply: BridgeReply): void {
    // A reply for a call of an engine that was since replaced has nobody to wake.
    if (id !== this.pendingCall || !this.bridgePort) return;
    this.pendingCall = undefined;
    if (this.running) this.running.busySince = Date.now();
    answerHostCall(this.bridgePort, this.control, reply);
  }

  interrupt(): void {
    if (!this.running || this.running.interruptedAt) return;
    this.running.interruptedAt = Date.now();
    Atomics.store(this.control, INTERRUPT_FLAG, 1);
  }

  private spawn(): void {
    this.ready = false;
    this.control = new Int32Array(new SharedArrayBuffer(CONTROL_SLOTS * 4));
    const { port1, port2 } = new MessageChannel();
    this.bridgePort = port1;
    const memoryMb = Math.max(16, Math.ceil(this.init.limits.maxMemoryBytes / 1024 / 1024));
    const worker = new Worker(new URL('./engine-worker.mjs', import.meta.url), {
      workerData: { init: this.init, bridgePort: port2, control: this.control },
      transferList: [port2],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, stackSizeMb: 8 },
    });
    this.worker = worker;
    port1.on('message', (request: BridgeRequest) => this.onHostCall(request));
    worker.on('message', (event: WorkerEvent) => this.onWorkerEvent(event));
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.replace(outOfMemory ? this.memoryMessage() : `engine crashed: ${error.message}`);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.replace('engine thread exited unexpectedly');
    });
  }

  /** Ends the current iteration with `error`, and starts a fresh engine for the next one. */
  private replace(error: string): void {
    const worker = this.worker;
    this.worker = undefined;
    this.bridgePort?.close();
    this.bridgePort = undefined;
    this.pendingCall = undefined;
    void worker?.terminate();
    this.finish({ ok: false, error });
    this.spawn();
  }

  private start(command: WorkerCommand): void {
    Atomics.store(this.control, INTERRUPT_FLAG, 0);
    const now = Date.now();
    this.running = {
      id: command.id,
      startedAt: now,
      busySince: now,
      interruptedAt: undefined,
      loadingSince: undefined,
    };
    this.worker!.postMessage(command);
  }

  private finish(result: RunResult | CheckResult): void {
    const running = this.running;
    this.running = undefined;
    if (running) send({ t: 'result', id: running.id, result });
    const next = this.queued.shift();
    if (next && this.ready) this.start(next);
  }

  private onWorkerEvent(event: WorkerEvent): void {
    switch (event.t) {
      case 'ready':
        this.ready = true;
        this.baselineRss = process.memoryUsage.rss();
        if (this.options.announceReady) send({ t: 'ready' });
        if (this.queued.length > 0) this.start(this.queued.shift()!);
        return;
      case 'print':
        send(event);
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
        if (this.running?.id === event.id) this.finish(event.result);
        return;
      case 'failed':
        this.fatal = event.error;
        if (this.options.announceReady) send({ t: 'ready' });
        for (const command of this.queued.splice(0)) this.submit(command);
        return;
    }
  }

  private onHostCall({ op, args }: BridgeRequest): void {
    if (this.running) this.running.busySince = undefined;
    const forwarded = this.forwarded === 'all' || this.forwarded.has(op);
    if (!forwarded && isLocalOp(op)) {
      this.answerLocally(() => answerLocally(this.init.agent, op, args));
      return;
    }
    if (!forwarded && op === 'host.log') {
      send({ t: 'notify', op, args });
      this.answerLocally(() => undefined);
      return;
    }
    const id = this.nextCallId++;
    this.pendingCall = id;
    send({ t: 'call', id, op, args });
  }

  private answerLocally(compute: () => unknown): void {
    let reply: BridgeReply;
    try {
      reply = { ok: true, value: compute() };
    } catch (error) {
      reply = { ok: false, error: (error as Error).message };
    }
    if (this.running) this.running.busySince = Date.now();
    answerHostCall(this.bridgePort!, this.control, reply);
  }

  /** Backstops for engines that cannot interrupt themselves (wasm) and for ignored interrupts. */
  private watch(): void {
    const running = this.running;
    if (!running) return;
    const now = Date.now();
    const { maxBusyMs } = this.init.limits;
    const budget = this.init.interruptBudgetMs;
    if (running.busySince !== undefined && now - running.busySince > maxBusyMs + budget) {
      this.replace(`brain computed for more than ${maxBusyMs} ms without calling the host`);
      return;
    }
    if (
      this.init.deadlineMs > 0 &&
      running.loadingSince === undefined &&
      now - running.startedAt > this.init.deadlineMs
    ) {
      if (!running.interruptedAt) this.interrupt();
    }
    if (running.interruptedAt && now - running.interruptedAt > budget) {
      const pastDeadline = this.init.deadlineMs > 0 && now - running.startedAt > this.init.deadlineMs;
      this.replace(
        pastDeadline ? `iteration exceeded its deadline of ${this.init.deadlineMs} ms` : 'iteration interrupted',
      );
    }
  }

  private watchMemory(): void {
    if (!this.running || this.running.loadingSince !== undefined || this.baselineRss === 0) return;
    if (process.memoryUsage.rss() > this.baselineRss + this.init.limits.maxMemoryBytes + PROCESS_OVERHEAD_BYTES) {
      this.replace(this.memoryMessage());
    }
  }

  private memoryMessage(): string {
    return `brain exceeded its memory cap of ${Math.round(this.init.limits.maxMemoryBytes / 1024 / 1024)} MiB`;
  }
}

let engineHost: EngineHost | undefined;
/** A second engine, started on first need, that validates a new brain while the old one runs. */
let checker: EngineHost | undefined;
let agentInit: AgentInit | undefined;

link.onMessage((raw) => {
  const message = raw as HostToAgent;
  switch (message.t) {
    case 'init':
      agentInit = message.init;
      engineHost = new EngineHost(message.init);
      return;
    case 'run':
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
    case 'interrupt':
      engineHost?.interrupt();
      return;
  }
});

// The host going away must take its agents with it.
process.on('disconnect', () => process.exit(0));
