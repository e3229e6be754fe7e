// An opened recording's past, re-executed in the workbench (docs/debugging.md#watches-in-the-past,
// #which-lines-ran): a watch expression's (or a logpoint's) value at every hit of a line in each
// recorded iteration, and each brain line's count over the whole recording. The recording is data: the
// workspace's brain for each agent runs (or the recorded text, when the user asks), in the runtime
// the workspace's config gives the agent, in a process of its own; no host call leaves it.

import type { PastWatchView } from '../../contract/debug-views.ts';
import type { RecordingCoverageView } from '../../contract/recording-views.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { checkWatchExpression, pastWatchView, statementLine } from '../debugger/past-watch-view.ts';
import type { Recording } from '../recording/recording.ts';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';
import { PastProcess } from '../time-travel/past-process.ts';
import { logInPast, watchMessage } from '../time-travel/past-watch.ts';
import { recordedPast } from '../time-travel/recorded-past.ts';
import { coverageOfRecordings } from '../time-travel/recordings-coverage.ts';
import { coverageView } from './coverage-view.ts';
import { realPathOf, type WorkspaceBoundary } from '../files/folder-boundary.ts';
import type { AgentInit } from '../agent-protocol/agent-protocol.ts';

export interface RecordingPastOptions {
  recording: (path: string) => Promise<Recording>;
  workspace: () => { root: string; boundary: WorkspaceBoundary; config: OmwConfig | undefined };
  spawner: AgentSpawner;
  entry: string;
}

export class RecordingPast {
  /** One re-execution at a time: each starts a process per agent, ended when it is done. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RecordingPastOptions) {}

  watch(
    path: string,
    agent: string,
    brain: string,
    line: number,
    expression: string,
    recordedBrains: boolean,
  ): Promise<PastWatchView> {
    return this.#serialized(() => {
      checkWatchExpression(expression);
      return this.#log(path, agent, brain, line, watchMessage(expression), recordedBrains);
    });
  }

  /**
   * A logpoint in the recording's past (docs/debugging.md#logpoints-in-the-past): what `message`
   * (`{expression}` parts, as a live logpoint's) says at every hit of the line in each recorded
   * iteration; at most 100 an iteration, the rest counted in `dropped`.
   */
  logpoint(
    path: string,
    agent: string,
    brain: string,
    line: number,
    message: string,
    recordedBrains: boolean,
  ): Promise<PastWatchView> {
    return this.#serialized(() => {
      if (message.trim() === '') throw new Error('a logpoint in the past needs a message');
      return this.#log(path, agent, brain, line, message, recordedBrains);
    });
  }

  async #log(
    path: string,
    agent: string,
    brain: string,
    line: number,
    logMessage: string,
    recordedBrains: boolean,
  ): Promise<PastWatchView> {
    const { boundary } = this.options.workspace();
    const asked = boundary.fileToRead(brain);
    const config = this.#config();
    const past = recordedPast(await this.options.recording(path), config, agent, recordedBrains);
    if (realPathOf(past.source) !== asked) throw new Error(`${brain} is not the brain of "${agent}"`);
    const source = past.source;
    const placed = statementLine(source, line);
    return this.#with(past.init, async (process) => {
      const run = await logInPast(process, past.iterations, source, [{ line: placed, logMessage }]);
      return { ...pastWatchView(placed, run), dropped: run.dropped };
    });
  }

  coverage(path: string, recordedBrains: boolean): Promise<RecordingCoverageView> {
    return this.#serialized(async () => {
      const { root } = this.options.workspace();
      const config = this.#config();
      const recording = await this.options.recording(path);
      const skipped: RecordingCoverageView['skipped'] = [];
      const { coverage, iterations } = await coverageOfRecordings({
        files: [path],
        open: () => recording,
        config,
        recordedBrains,
        agents: (opened) => [...opened.agents.keys()],
        unrunnable: (agent, error) => skipped.push({ agent, reason: error.message }),
        spawner: this.options.spawner,
        entry: this.options.entry,
      });
      return { ...coverageView(coverage, root), iterations, skipped };
    });
  }

  #config(): OmwConfig {
    const { config } = this.options.workspace();
    if (!config)
      throw new Error("the workspace's config does not load, and the recording runs its brains: fix the config first");
    return config;
  }

  async #with<T>(init: AgentInit, work: (process: PastProcess) => Promise<T>): Promise<T> {
    const process = new PastProcess(this.options.spawner, this.options.entry, init);
    try {
      return await work(process);
    } finally {
      process.dispose();
    }
  }

  #serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
