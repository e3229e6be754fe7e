// The agent process a time-travel session re-executes past iterations in (docs/debugging.md#time-travel):
// a process of its own, started as the agent's is (its runtime, limits and sandbox), beside the
// live one, which stays where it stopped. Every host call of a re-execution is served from the
// recording on its engine thread; none reaches the host, and what the brain prints goes nowhere.

import type {
  AgentInit,
  AgentToHost,
  HostToAgent,
  TravelCommand,
  TravelOutcome,
} from '../agent-protocol/agent-protocol.ts';
import type { DebugAnswer, DebugConfig, DebugRequest, EngineDebugEvent } from '../runtimes/debug/debug-protocol.ts';
import type { LineCounts } from '../debugger/line-coverage-map.ts';
import { agentProcessSandbox } from '../supervisor/agent-sandbox.ts';
import type { AgentChannel, AgentSpawner } from '../supervisor/agent-spawner.ts';

export type PastStop = Extract<EngineDebugEvent, { t: 'stopped' }>;

export type TravelRunSpec = TravelCommand['runs'][number];

interface Pending {
  settle: (outcomes: TravelOutcome[]) => void;
}

export class PastProcess {
  #channel: AgentChannel | undefined;
  #ready: Promise<void> | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #answers: ((answer: DebugAnswer) => void)[] = [];
  #config: DebugConfig | undefined;
  #gone = false;
  /** Called when a re-execution stops (at its goal, or where it was then stepped to). */
  onStop: (stop: PastStop) => void = () => {};
  /** With `coverage` configured: the lines a travel command's runs entered, before its outcomes. */
  onCoverage: (lines: LineCounts) => void = () => {};

  constructor(
    private readonly spawner: AgentSpawner,
    private readonly entry: string,
    private readonly init: AgentInit,
  ) {}

  /** The debugger's breakpoints and filters, for the re-executions to come. */
  configure(config: DebugConfig): void {
    this.#config = config;
    this.#post({ t: 'debug-notice', notice: { t: 'config', config } });
  }

  /**
   * Re-executes `runs` one after the other; resolves with how each ended. A run that stops at its
   * goal stays stopped (onStop) until it is resumed or abandoned.
   */
  async travel(runs: TravelRunSpec[]): Promise<TravelOutcome[]> {
    await this.#start();
    if (!this.#channel) throw new Error('the time-travel process could not be started');
    const id = this.#nextId++;
    return new Promise((settle) => {
      this.#pending.set(id, { settle });
      this.#post({ t: 'travel', id, runs });
    });
  }

  /** Asks the stopped re-execution; a resume is answered at once. */
  request(request: DebugRequest): Promise<DebugAnswer> {
    if (!this.#channel) return Promise.resolve({ ok: false, error: 'the time-travel process is not running' });
    this.#post({ t: 'debug-request', request });
    if (request.t === 'resume') return Promise.resolve({ ok: true, body: undefined });
    return new Promise((resolve) => this.#answers.push(resolve));
  }

  /** Ends the re-execution under way (stopped or running): a new goal replaces it. */
  abandon(): void {
    this.#post({ t: 'interrupt' });
  }

  dispose(): void {
    this.#gone = true;
    this.#channel?.kill();
    this.#channel = undefined;
  }

  #start(): Promise<void> {
    if (this.#gone) return Promise.reject(new Error('time travel has ended for this agent'));
    this.#ready ??= new Promise<void>((resolve) => {
      const channel = this.spawner(this.entry, { name: `${this.init.agent} (past)`, ...agentProcessSandbox() });
      this.#channel = channel;
      channel.onMessage((message) => {
        if ((message as AgentToHost).t === 'ready') resolve();
        this.#onMessage(message as AgentToHost);
      });
      channel.onExit(() => {
        if (this.#channel === channel) this.#channel = undefined;
        this.#ready = undefined;
        resolve();
        for (const { settle } of this.#pending.values()) {
          settle([
            { result: { ok: false, error: 'the time-travel process exited' }, report: { statements: 0, served: 0 } },
          ]);
        }
        this.#pending.clear();
        for (const answer of this.#answers.splice(0)) answer({ ok: false, error: 'the time-travel process exited' });
      });
      this.#post({ t: 'init', init: this.init });
      this.#post({ t: 'report-local', on: false });
      if (this.#config) this.#post({ t: 'debug-notice', notice: { t: 'config', config: this.#config } });
    });
    return this.#ready;
  }

  #onMessage(message: AgentToHost): void {
    switch (message.t) {
      case 'result': {
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        pending?.settle(
          message.travel ?? [
            { result: message.result as TravelOutcome['result'], report: { statements: 0, served: 0 } },
          ],
        );
        return;
      }
      case 'debug':
        if (message.event.t === 'answer') this.#answers.shift()?.(message.event.answer);
        else if (message.event.t === 'stopped') this.onStop(message.event);
        else if (message.event.t === 'coverage') this.onCoverage(message.event.lines);
        return;
      case 'call':
        // Never: a re-execution's calls are served on its engine thread, or end it there.
        this.#post({ t: 'reply', id: message.id, ok: false, error: 'host error: time travel reaches no host' });
        return;
      default:
        return;
    }
  }

  #post(message: HostToAgent): void {
    this.#channel?.send(message);
  }
}
