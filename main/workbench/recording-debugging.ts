// Debug sessions over opened recordings in the workbench (docs/debugging.md#time-travel-in-a-recording):
// per recording and agent (never sharing anything with a live agent of the same name), the agent's
// recorded iterations re-executed with the workspace's brain (the recorded text only when the user
// asks) in the workspace's runtime, stopped, stepped and continued forward and back. Each move
// answers where it stopped, with the call stack and the top frame's variables; the workspace's
// line breakpoints (as the editor set them) apply.

import { relative } from 'node:path';
import type { RecordingDebugMove, RecordingDebugView } from '../../contract/debug-views.ts';
import { RecordingDebugger } from '../debugger/recording-debugger.ts';
import type { SourceBreakpoint } from '../runtimes/debug/debug-protocol.ts';
import { recordedPast } from '../time-travel/recorded-past.ts';
import type { RecordingPastOptions } from './recording-past.ts';

export interface RecordingDebuggingOptions extends RecordingPastOptions {
  /** The workspace's line breakpoints on a brain file (absolute), as placed in the editor. */
  breakpoints: (source: string) => SourceBreakpoint[];
  exceptions: () => { caught: boolean; uncaught: boolean };
}

/** Variables of a scope shown in a view: the first this many. */
const SHOWN = 100;

export class RecordingDebugging {
  readonly #sessions = new Map<string, RecordingDebugger>();

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
    debug.setSourceBreakpoints(past.source, this.options.breakpoints(past.source));
    debug.setExceptionFilters(this.options.exceptions());
    try {
      await debug.start(iteration ?? undefined, how);
    } catch (error) {
      // A start that fails leaves the session already there as it was.
      debug.dispose();
      throw error;
    }
    this.#sessions.get(key)?.dispose();
    this.#sessions.set(key, debug);
    return this.#view(debug);
  }

  async move(path: string, agent: string, move: RecordingDebugMove): Promise<RecordingDebugView> {
    const debug = this.#session(path, agent);
    // The editor's breakpoints as they are now.
    debug.setSourceBreakpoints(debug.source, this.options.breakpoints(debug.source));
    if (move === 'step-back') await debug.stepBack();
    else if (move === 'reverse-continue') await debug.reverseContinue();
    else await debug.resume(move);
    return this.#view(debug);
  }

  /** A watch expression at the place the session is stopped, in its top frame. */
  async evaluate(path: string, agent: string, expression: string): Promise<string> {
    return (await this.#session(path, agent).evaluate(undefined, expression)).result;
  }

  end(path: string, agent: string): boolean {
    const key = this.#key(path, agent);
    const debug = this.#sessions.get(key);
    debug?.dispose();
    return this.#sessions.delete(key);
  }

  /** The workspace closed: every session's process ends. */
  close(): void {
    for (const debug of this.#sessions.values()) debug.dispose();
    this.#sessions.clear();
  }

  #session(path: string, agent: string): RecordingDebugger {
    const debug = this.#sessions.get(this.#key(path, agent));
    if (!debug) throw new Error(`"${agent}" of ${path} is not being debugged: start it with Debug this iteration`);
    return debug;
  }

  /** By the recording's real path (inside the workspace, links followed) and the agent. */
  #key(path: string, agent: string): string {
    return JSON.stringify([this.options.workspace().boundary.fileToRead(path), agent]);
  }

  async #view(debug: RecordingDebugger): Promise<RecordingDebugView> {
    const stop = debug.stop;
    if (!stop?.past || stop.source === undefined || stop.line === undefined)
      throw new Error('the recording did not stop anywhere');
    const { root } = this.options.workspace();
    const named = (file: string) => relative(root, file).split('\\').join('/');
    const frames = await debug.stackTrace();
    const variables: RecordingDebugView['variables'] = [];
    const top = frames[0];
    if (top) {
      for (const scope of await debug.scopes(top.id)) {
        if (scope.expensive) continue;
        const shown = await debug.variables(scope.variablesReference, 0, SHOWN);
        for (const v of shown) variables.push({ scope: scope.name, name: v.name, value: v.value });
      }
    }
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
      frames: frames.map((f) => ({ name: f.name, source: named(f.source), line: f.line })),
      variables,
    };
  }
}
