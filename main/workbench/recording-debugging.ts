// Debug sessions over opened recordings in the workbench (docs/debugging.md#time-travel-in-a-recording):
// per recording and agent (never sharing anything with a live agent of the same name), the agent's
// recorded iterations re-executed with the workspace's brain (the recorded text only when the user
// asks) in the workspace's runtime, stopped, stepped and continued forward and back. Each move
// answers where it stopped, with the call stack, the top frame's scopes and what logpoints said on
// the way; every frame's scopes and values are read by reference at that stop; the workspace's
// line breakpoints (as the editor set them) apply.

import { relative } from 'node:path';
import type { RecordingDebugMove, RecordingDebugView, RecordingSourceView } from '../../contract/debug-views.ts';
import { RecordingDebugger } from '../debugger/recording-debugger.ts';
import type { EvaluationResult, ScopeInfo, SourceBreakpoint, VariableInfo } from '../runtimes/debug/debug-protocol.ts';
import { recordedPast } from '../time-travel/recorded-past.ts';
import type { RecordingPastOptions } from './recording-past.ts';
import { brainName, brainSource } from './recording-brain-source.ts';

export interface RecordingDebuggingOptions extends RecordingPastOptions {
  /** The workspace's line breakpoints on a brain file (absolute), as placed in the editor. */
  breakpoints: (source: string) => SourceBreakpoint[];
  exceptions: () => { caught: boolean; uncaught: boolean };
}

/** Variables of a scope shown in a view: the first this many. */
const SHOWN = 100;
/** Output lines a view carries: the last this many of its move (the Debug output keeps 500). */
const SAID = 500;

interface Session {
  debug: RecordingDebugger;
  /** The stop the session is at, as its last view numbered it. */
  stop: number;
  /** Output said since the last view. */
  said: RecordingDebugView['output'];
  /** The name of each brain text the iterations run, by the text, once asked. */
  brains: Map<string, string>;
}

export class RecordingDebugging {
  readonly #sessions = new Map<string, Session>();
  #stops = 0;

  constructor(private readonly options: RecordingDebuggingOptions) {}

  /**
   * Starts (or starts again) debugging `agent` of the recording in iteration `iteration` (the
   * first when null): at its first statement, or at the first breakpoint hit from there on.
   */
  async start(
    path: string,
    agent: string,
    iteration: number | null,
    how: 'entry' | 'continue',
    recordedBrains: boolean,
  ): Promise<RecordingDebugView> {
    const key = this.#key(path, agent);
    const recording = await this.options.recording(path);
    const { config } = this.options.workspace();
    if (!config)
      throw new Error("the workspace's config does not load, and the recording runs its brains: fix the config first");
    const past = recordedPast(recording, config, agent, recordedBrains);
    const debug = new RecordingDebugger({ past, spawner: this.options.spawner, entry: this.options.entry });
    const session: Session = { debug, stop: 0, said: [], brains: new Map() };
    debug.onEvent((event) => {
      if (event.type !== 'output') return;
      session.said.push({ text: event.text, ...(event.iteration === undefined ? {} : { iteration: event.iteration }) });
    });
    debug.setSourceBreakpoints(past.source, this.options.breakpoints(past.source));
    debug.setExceptionFilters(this.options.exceptions());
    try {
      await debug.start(iteration ?? undefined, how);
    } catch (error) {
      // A start that fails leaves the session already there as it was.
      debug.dispose();
      throw error;
    }
    this.#sessions.get(key)?.debug.dispose();
    this.#sessions.set(key, session);
    return this.#view(session);
  }

  async move(path: string, agent: string, move: RecordingDebugMove): Promise<RecordingDebugView> {
    const session = this.#session(path, agent);
    const { debug } = session;
    // The editor's breakpoints as they are now.
    debug.setSourceBreakpoints(debug.source, this.options.breakpoints(debug.source));
    if (move === 'step-back') await debug.stepBack();
    else if (move === 'reverse-continue') await debug.reverseContinue();
    else await debug.resume(move);
    return this.#view(session);
  }

  /** A watch expression at the place the session is stopped, in its top frame. */
  async evaluate(path: string, agent: string, expression: string): Promise<string> {
    return (await this.#session(path, agent).debug.evaluate(undefined, expression)).result;
  }

  /** A frame's scopes at stop `stop` (frame ids are its view's). */
  async scopes(path: string, agent: string, stop: number, frameId: number): Promise<ScopeInfo[]> {
    return this.#at(path, agent, stop).scopes(frameId);
  }

  /** A scope's or a value's children at stop `stop`, by the reference a scope or value of it gave. */
  async variables(
    path: string,
    agent: string,
    stop: number,
    reference: number,
    start: number | null,
    count: number | null,
  ): Promise<VariableInfo[]> {
    return this.#at(path, agent, stop).variables(reference, start ?? undefined, count ?? undefined);
  }

  /** An expression in frame `frameId` (null: the top one) at stop `stop`; a structured value by reference. */
  async evaluateIn(
    path: string,
    agent: string,
    stop: number,
    frameId: number | null,
    expression: string,
  ): Promise<EvaluationResult> {
    return this.#at(path, agent, stop).evaluate(frameId ?? undefined, expression);
  }

  /** The brain text the session runs in recorded iteration `iteration`, around line `line`. */
  source(path: string, agent: string, iteration: number, line: number): RecordingSourceView {
    const session = this.#session(path, agent);
    const { debug } = session;
    if (!debug.iterations.includes(iteration))
      throw new Error(`the recording holds no iteration ${iteration} of "${agent}"`);
    return brainSource(this.#named(debug.source), debug.text(iteration), line, this.#brain(session, iteration));
  }

  end(path: string, agent: string): boolean {
    const key = this.#key(path, agent);
    this.#sessions.get(key)?.debug.dispose();
    return this.#sessions.delete(key);
  }

  /** The workspace closed: every session's process ends. */
  close(): void {
    for (const { debug } of this.#sessions.values()) debug.dispose();
    this.#sessions.clear();
  }

  #session(path: string, agent: string): Session {
    const session = this.#sessions.get(this.#key(path, agent));
    if (!session) throw new Error(`"${agent}" of ${path} is not being debugged: start it with Debug this iteration`);
    return session;
  }

  /** The session, stopped at `stop`: references of another stop (or session) would name other values. */
  #at(path: string, agent: string, stop: number): RecordingDebugger {
    const session = this.#session(path, agent);
    if (session.stop !== stop || !session.debug.isStopped()) {
      throw new Error(
        `"${agent}" of ${path} is not at stop ${stop} (it is at stop ${session.stop}${session.debug.isStopped() ? '' : ', moving'}): read its view again`,
      );
    }
    return session.debug;
  }

  #brain(session: Session, iteration: number): string {
    const text = session.debug.text(iteration);
    let name = session.brains.get(text);
    if (name === undefined) session.brains.set(text, (name = brainName(text)));
    return name;
  }

  /** A file as the workspace names it. */
  #named(file: string): string {
    return relative(this.options.workspace().root, file).split('\\').join('/');
  }

  /** By the recording's real path (inside the workspace, links followed) and the agent. */
  #key(path: string, agent: string): string {
    return JSON.stringify([this.options.workspace().boundary.fileToRead(path), agent]);
  }

  async #view(session: Session): Promise<RecordingDebugView> {
    const { debug } = session;
    const stop = debug.stop;
    if (!stop?.past || stop.source === undefined || stop.line === undefined)
      throw new Error('the recording did not stop anywhere');
    const named = (file: string) => this.#named(file);
    const frames = await debug.stackTrace();
    const variables: RecordingDebugView['variables'] = [];
    const top = frames[0];
    const scopes = top ? await debug.scopes(top.id) : [];
    for (const scope of scopes) {
      if (scope.expensive) continue;
      const shown = await debug.variables(scope.variablesReference, 0, SHOWN);
      for (const v of shown) variables.push({ scope: scope.name, name: v.name, value: v.value });
    }
    session.stop = ++this.#stops;
    const said = session.said.splice(0);
    const left = said.length - SAID;
    const output =
      left > 0 ? [{ text: `(${left} earlier lines of this move are not shown)` }, ...said.slice(left)] : said;
    return {
      agent: debug.agent,
      reason: stop.reason,
      ...(stop.description === undefined ? {} : { description: stop.description }),
      iteration: stop.past.iteration,
      statement: stop.past.statement,
      source: named(stop.source),
      line: stop.line,
      code: debug.lineText(stop.line),
      iterations: debug.iterations,
      frames: frames.map((f) => ({ id: f.id, name: f.name, source: named(f.source), line: f.line })),
      variables,
      stop: session.stop,
      scopes,
      brain: this.#brain(session, stop.past.iteration),
      output,
    };
  }
}
