// Debugging an opened recording (docs/debugging.md#time-travel-in-a-recording): one agent's recorded
// iterations re-executed in a process of its own (the workspace's runtime and sandbox for the agent)
// with every host call served from the recording, so that its brain can be stopped, stepped forward
// and back, continued and reverse-continued, within an iteration and across them, and its variables,
// call stack, memory and watches read at any statement. There is no present: the whole view is past.
// It shares nothing with a live agent of the same name; its owner keys it by recording and agent.

import { basename, resolve } from 'node:path';
import { counted } from '../../contract/counted.ts';
import type { DebugNotification } from '../../contract/debug-views.ts';
import type {
  DebugConfig,
  DebugRequest,
  EvaluationResult,
  ResumeHow,
  ScopeInfo,
  SourceBreakpoint,
  StackFrameInfo,
  VariableInfo,
} from '../runtimes/debug/debug-protocol.ts';
import { LOG_POINT_LIMIT } from '../runtimes/debug/debug-controller.ts';
import { runtimeDescriptor } from '../runtimes/runtimes.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { AgentTravel, type TravelEvent } from '../time-travel/agent-travel.ts';
import { PastProcess } from '../time-travel/past-process.ts';
import type { RecordedPast } from '../time-travel/recorded-past.ts';
import { placeSourceBreakpoints, type PlacedBreakpoint } from './breakpoint-placement.ts';
import { JsonVariables, memoryValue } from './json-variables.ts';

export interface RecordingDebuggerOptions {
  past: RecordedPast;
  spawner: AgentSpawner;
  entry: string;
}

const MEMORY = Symbol('memory');

type Stopped = Extract<DebugNotification, { type: 'stopped' }>;

export class RecordingDebugger {
  readonly agent: string;
  readonly #past: RecordedPast;
  readonly #travel: AgentTravel;
  readonly #listeners = new Set<(event: DebugNotification) => void>();
  readonly #values = new JsonVariables();
  #breakpoints: SourceBreakpoint[] = [];
  #exceptions = { caught: false, uncaught: false };
  /** Whether the view is at a place (not moving, not before the first start). */
  #stopped = false;
  #stop: Stopped | undefined;
  readonly #breakable: (text: string) => number[];

  constructor(options: RecordingDebuggerOptions) {
    const { past } = options;
    this.agent = past.agent;
    this.#past = past;
    const { kind } = past.init.runtime;
    const breakable = runtimeDescriptor(kind)?.debugging.breakableLines;
    if (!breakable) throw new Error(`${past.agent}: a ${kind} brain has no lines to stop on`);
    this.#breakable = breakable;
    const process = new PastProcess(options.spawner, options.entry, past.init);
    // No live brain said the logpoints' messages: the view says them as it passes them.
    this.#travel = new AgentTravel(
      process,
      () => past.iterations,
      (event) => this.#onTravel(event),
      { speak: true },
    );
    this.#configure();
  }

  /** The recorded iterations' numbers, oldest first. */
  get iterations(): number[] {
    return this.#past.iterations.map((past) => past.iteration);
  }

  /** Line `line` (from 1) of the brain text the iteration the view is in runs (the first's before a start). */
  lineText(line: number): string {
    return this.text(this.#travel.at?.iteration).split('\n')[line - 1] ?? '';
  }

  /** The brain text recorded iteration `iteration` runs (by its number; the first's when it is not held). */
  text(iteration: number | undefined): string {
    const past = this.#past.iterations;
    return (past.find((p) => p.iteration === iteration) ?? past[0])?.script ?? '';
  }

  /** The brain file the iterations run as. */
  get source(): string {
    return this.#past.source;
  }

  onEvent(listener: (event: DebugNotification) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Starts in recorded iteration `iteration` (its number; the first by default): at its first
   * statement, or, with `continue`, at the first breakpoint hit from its start on.
   */
  start(iteration: number | undefined, how: 'entry' | 'continue'): Promise<void> {
    const index = iteration === undefined ? 0 : this.iterations.indexOf(iteration);
    if (index < 0 || this.#past.iterations.length === 0) {
      const held = this.iterations;
      const range = held.length === 0 ? 'none' : `${held[0]} to ${held.at(-1)}`;
      throw new Error(`the recording holds no iteration ${iteration} of "${this.agent}" (it holds ${range})`);
    }
    return this.#move(() => this.#travel.enter(index, how));
  }

  /**
   * The breakpoints of the brain, placed on the statement lines of the text the iterations run.
   * Breakpoints on any other file are refused: only this brain runs here.
   */
  setSourceBreakpoints(file: string, requested: readonly SourceBreakpoint[]): PlacedBreakpoint[] {
    if (resolve(file) !== this.#past.source) {
      return requested.map((b) => ({
        verified: false,
        line: b.line,
        message: `only ${this.#past.source} runs in this recording's debug session`,
      }));
    }
    const text = this.#past.iterations[0]?.script ?? '';
    const { placed, kept } = placeSourceBreakpoints(requested, text, this.#breakable);
    // The same again (each workbench move says them) keeps what re-executions learnt of them.
    if (JSON.stringify(kept) === JSON.stringify(this.#breakpoints)) return placed;
    this.#breakpoints = kept;
    this.#configure();
    return placed;
  }

  setExceptionFilters(filters: { caught: boolean; uncaught: boolean }): void {
    if (filters.caught === this.#exceptions.caught && filters.uncaught === this.#exceptions.uncaught) return;
    this.#exceptions = { ...filters };
    this.#configure();
  }

  isStopped(): boolean {
    return this.#stopped;
  }

  /** Where the view is stopped, as last said; undefined while it moves. */
  get stop(): Stopped | undefined {
    return this.#stopped ? this.#stop : undefined;
  }

  stepBack(): Promise<void> {
    return this.#move(() => this.#travel.stepBack());
  }

  reverseContinue(): Promise<void> {
    return this.#move(() => this.#travel.reverseContinue());
  }

  /** Steps or continues forward; past the last recorded iteration it stops at its end. */
  resume(how: ResumeHow): Promise<void> {
    return this.#move(() => this.#travel.forward(how));
  }

  /** To the statement that makes host call `call` (0-based) of iteration `iteration`, before it is made. */
  goToCall(iteration: number, call: number): Promise<void> {
    return this.#move(() => this.#travel.toCall(iteration, call));
  }

  stackTrace(): Promise<StackFrameInfo[]> {
    return this.#ask<StackFrameInfo[]>({ t: 'stack' });
  }

  async scopes(frameId: number): Promise<ScopeInfo[]> {
    const engine = await this.#ask<ScopeInfo[]>({ t: 'scopes', frameId });
    // The recording keeps memory (its calls say every change); the inbox of the past is its recv calls.
    return [...engine, { name: 'Memory', variablesReference: this.#values.reference(MEMORY), expensive: false }];
  }

  async variables(reference: number, start?: number, count?: number): Promise<VariableInfo[]> {
    if (!this.#values.owns(reference)) {
      return this.#ask<VariableInfo[]>({
        t: 'variables',
        variablesReference: reference,
        ...(start === undefined ? {} : { start }),
        ...(count === undefined ? {} : { count }),
      });
    }
    if (this.#values.childrenSource(reference) === MEMORY) {
      const memory = this.#travel.memory() ?? new Map<string, string>();
      return [...memory].map(([key, text]) => this.#values.variable(key, memoryValue(text)));
    }
    return this.#values.children(reference, start, count);
  }

  evaluate(frameId: number | undefined, expression: string): Promise<EvaluationResult> {
    return this.#ask<EvaluationResult>({ t: 'evaluate', expression, ...(frameId === undefined ? {} : { frameId }) });
  }

  dispose(): void {
    this.#listeners.clear();
    this.#travel.dispose();
  }

  /** Every move leaves the view where it was when it fails, and says so. */
  async #move(go: () => Promise<void>): Promise<void> {
    const from = this.#travel.at;
    this.#stopped = false;
    this.#values.clear();
    this.#emit({ type: 'continued', agent: this.agent });
    try {
      await go();
    } catch (error) {
      if (from) this.#showAt();
      throw error;
    }
  }

  async #ask<T>(request: DebugRequest): Promise<T> {
    if (!this.#stopped) throw new Error(`"${this.agent}" of the recording is not stopped`);
    const answer = await this.#travel.request(request);
    if (!answer.ok) throw new Error(answer.error);
    return answer.body as T;
  }

  #configure(): void {
    const config: DebugConfig = {
      breakpoints: this.#breakpoints.length === 0 ? {} : { [this.#past.source]: this.#breakpoints },
      exceptions: this.#exceptions,
      stopOnEntry: false,
      attach: true,
    };
    this.#travel.configure(config);
  }

  #onTravel(event: TravelEvent): void {
    switch (event.type) {
      case 'stopped': {
        const { place } = event;
        this.#stopped = true;
        this.#emit({
          type: 'stopped',
          agent: this.agent,
          reason: event.reason,
          source: place.source,
          line: place.line,
          ...(event.description === undefined ? {} : { description: event.description }),
          past: { iteration: place.iteration, statement: place.statement },
        });
        return;
      }
      case 'output':
        this.#emit({ type: 'output', agent: this.agent, text: event.text });
        return;
      case 'log': {
        const { iteration, message } = event;
        const text = `iteration ${iteration}, ${basename(message.source)}:${message.line}: ${message.text}`;
        this.#emit({ type: 'output', agent: this.agent, text, iteration });
        return;
      }
      case 'logs-dropped': {
        const { iteration, count } = event;
        const text = `${counted(count, 'more logpoint message')} ${count === 1 ? 'was' : 'were'} dropped in iteration ${iteration} (at most ${LOG_POINT_LIMIT} are shown per iteration)`;
        this.#emit({ type: 'output', agent: this.agent, text, iteration });
        return;
      }
      case 'present':
        // A recording has no present to return to.
        return;
    }
  }

  #showAt(): void {
    const at = this.#travel.at;
    if (!at) return;
    this.#stopped = true;
    const past = { iteration: at.iteration, statement: at.statement };
    this.#emit({ type: 'stopped', agent: this.agent, reason: 'step', source: at.source, line: at.line, past });
  }

  #emit(event: DebugNotification): void {
    if (event.type === 'stopped') this.#stop = event;
    for (const listener of this.#listeners) listener(event);
  }
}
