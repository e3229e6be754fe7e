// Time travel over a live session (docs/debugging.md#time-travel): the session's past as its
// host calls were made (call-history.ts), and per agent, once asked, an AgentTravel with its own
// process to re-execute that past in. The Debugger tells it where each live brain stopped (the
// present) and when it went on; it answers Step Back, Reverse Continue and going forward again.

import { resolve } from 'node:path';
import type { DebugConfig } from '../runtimes/debug/debug-protocol.ts';
import { agentInit } from '../supervisor/agent-init.ts';
import type { EngineStop } from '../supervisor/agent-runner.ts';
import type { Supervisor } from '../supervisor/supervisor.ts';
import { AgentTravel, type Present, type TravelEvent } from './agent-travel.ts';
import { CallHistory, type PastCall } from './call-history.ts';
import { PastProcess } from './past-process.ts';
import { PastLogs } from './past-logs.ts';
import { logInPast, watchMessage, type PastValues } from './past-watch.ts';
import { whyCall } from './why-call.ts';
import type { WhyView } from '../../contract/debug-views.ts';

/** The live brain's last stop at a statement, to count a later stop in the same iteration from. */
interface EngineStopAt {
  iteration: number;
  present: Present;
}

export class SessionTravel {
  readonly #history: CallHistory;
  readonly #agents = new Map<string, AgentTravel>();
  readonly #logs = new Map<string, PastLogs>();
  /** Per agent: the process watches in the past re-execute in, and the watches queued on it. */
  readonly #watches = new Map<string, { process: PastProcess; queue: Promise<unknown> }>();
  readonly #lastStop = new Map<string, EngineStopAt>();
  /** Where each live brain is stopped, for a travel that starts later. */
  readonly #presents = new Map<string, Present>();
  #config: DebugConfig | undefined;

  constructor(
    private readonly supervisor: Supervisor,
    private readonly emit: (agent: string, event: TravelEvent) => void,
  ) {
    this.#history = new CallHistory(supervisor);
  }

  /** The agent's time travel, started on first use from where its live brain is. */
  of(agent: string): AgentTravel {
    let travel = this.#agents.get(agent);
    if (travel) return travel;
    travel = new AgentTravel(
      this.#process(agent),
      () => this.#history.iterations(agent),
      (event) => this.emit(agent, event),
    );
    if (this.#config) travel.configure(this.#config);
    travel.setPresent(this.#presents.get(agent));
    this.#agents.set(agent, travel);
    return travel;
  }

  /** The host call a trace event of the agent's past (`call` or `host-call`, by seq) stands for. */
  callOf(agent: string, seq: number): PastCall {
    const call = this.#history.callOf(agent, seq);
    if (!call) throw new Error('that call is not in the recorded past (older iterations are not kept)');
    return call;
  }

  /** Where a host call's arguments came from (why-call.ts), each link with its trace event's seq. */
  why(agent: string, call: PastCall): WhyView {
    const answer = whyCall(this.#history.iterations(agent), call.iteration, call.call);
    const asked = this.#history.seqOf(agent, call.iteration, call.call);
    return {
      ...answer,
      ...(asked === undefined ? {} : { seq: asked }),
      links: answer.links.map((link) => {
        const seq = this.#history.seqOf(agent, link.iteration, link.call);
        return seq === undefined ? link : { ...link, seq };
      }),
    };
  }

  /** The agent's logpoints in the past, started on first use. */
  logs(agent: string): PastLogs {
    let logs = this.#logs.get(agent);
    if (logs) return logs;
    logs = new PastLogs(this.#process(agent), () => this.#history.iterations(agent));
    if (this.#config) logs.configure(this.#config);
    this.#logs.set(agent, logs);
    return logs;
  }

  /** A watch expression's value at every hit of `line` of `source` in the agent's ended iterations kept. */
  watch(agent: string, source: string, line: number, expression: string): Promise<PastValues> {
    let watches = this.#watches.get(agent);
    if (!watches) this.#watches.set(agent, (watches = { process: this.#process(agent), queue: Promise.resolve() }));
    const { process } = watches;
    const work = () =>
      logInPast(process, this.#history.iterations(agent), source, [{ line, logMessage: watchMessage(expression) }]);
    const next = watches.queue.then(work, work);
    watches.queue = next.catch(() => undefined);
    return next;
  }

  /** The agents whose brain is `source` (an absolute path). */
  agentsOf(source: string): string[] {
    const { host } = this.supervisor;
    return [...this.supervisor.runners.keys()].filter((agent) => resolve(host.context(agent).script) === source);
  }

  #process(agent: string): PastProcess {
    const { spawner, entry } = this.supervisor.spawning;
    return new PastProcess(spawner, entry, agentInit(this.supervisor.host.config, agent));
  }

  /** Whether the agent's view is in the past. */
  inPast(agent: string): boolean {
    return this.#agents.get(agent)?.at !== undefined;
  }

  configure(config: DebugConfig): void {
    // The past is always debugged: its re-executions are found by counting statements.
    this.#config = { ...config, attach: true, stopOnEntry: false };
    for (const travel of this.#agents.values()) travel.configure(this.#config);
    for (const logs of this.#logs.values()) logs.configure(this.#config);
  }

  /** The live brain stopped at a statement: the present, as exactly as its engine knows it. */
  stoppedAtStatement(agent: string, stop: EngineStop): void {
    const current = this.#history.iterations(agent).at(-1);
    const position = stop.position;
    if (!current || current.complete || !position) return this.#setPresent(agent, undefined);
    const calls = current.calls.length;
    const previous = this.#lastStop.get(agent);
    const present: Present = { calls, held: false, depth: position.depth };
    if (position.statement !== undefined) present.statement = position.statement;
    else if (position.exactSinceStop && previous?.iteration === current.iteration) {
      present.after = { present: previous.present, statements: position.sinceStop };
    } else {
      const { line, column } = stop;
      const hits = position.hits === undefined ? {} : { hits: position.hits };
      const values = position.values === undefined ? {} : { values: position.values };
      present.locate = { calls, line, column, depth: position.depth, ...hits, ...values };
    }
    this.#lastStop.set(agent, { iteration: current.iteration, present });
    this.#setPresent(agent, present);
  }

  /** The live brain is held in a host call: the statement making it is the present. */
  async heldInCall(agent: string): Promise<void> {
    const current = this.#history.iterations(agent).at(-1);
    if (!current || current.complete) return this.#setPresent(agent, undefined);
    const present: Present = { calls: current.calls.length, held: true };
    const answer = await this.supervisor.runner(agent).process.debugRequest({ t: 'position' });
    const position = answer.ok ? (answer.body as { statement?: number; depth: number }) : undefined;
    if (position?.statement !== undefined) {
      present.statement = position.statement;
      present.depth = position.depth;
    }
    this.#setPresent(agent, present);
  }

  /** The live brain went on: the present is no longer a place. */
  continued(agent: string): void {
    this.#setPresent(agent, undefined);
  }

  dispose(): void {
    for (const travel of this.#agents.values()) travel.dispose();
    this.#agents.clear();
    for (const logs of this.#logs.values()) logs.dispose();
    this.#logs.clear();
    for (const { process } of this.#watches.values()) process.dispose();
    this.#watches.clear();
    this.#history.dispose();
  }

  #setPresent(agent: string, present: Present | undefined): void {
    if (present) this.#presents.set(agent, present);
    else this.#presents.delete(agent);
    this.#agents.get(agent)?.setPresent(present);
  }
}
