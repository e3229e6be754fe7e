// Logpoints in the past (docs/debugging.md#logpoints-in-the-past): every kept iteration of an
// agent re-executed, one after the other in one command, with the debugger's logpoints in place
// and every host call served from what was recorded; what each logpoint said, by iteration. A
// process of its own, so that this runs while the agent runs on, or while its view is elsewhere
// in the past.

import type { DebugConfig, TravelReport } from '../runtimes/debug/debug-protocol.ts';
import { ranAsRecorded, scriptOf, type PastIteration } from './past-iteration.ts';
import type { PastProcess } from './past-process.ts';

export interface PastLogLine {
  iteration: number;
  source: string;
  line: number;
  text: string;
}

export interface PastLogRun {
  lines: PastLogLine[];
  /** Iterations re-executed, and those that did not run as recorded (the brain changed, or is not deterministic). */
  iterations: number;
  diverged: number[];
  /** Messages over the limit of 100 an iteration, counted and not said. */
  dropped: number;
}

export class PastLogs {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly process: PastProcess,
    private readonly iterations: () => readonly PastIteration[],
  ) {}

  configure(config: DebugConfig): void {
    this.process.configure(config);
  }

  /** Re-executes every ended iteration kept: the logpoints' messages in order. */
  run(): Promise<PastLogRun> {
    const work = async (): Promise<PastLogRun> => {
      const ended = this.iterations().filter((past) => past.complete);
      if (ended.length === 0) return { lines: [], iterations: 0, diverged: [], dropped: 0 };
      const outcomes = await this.process.travel(
        ended.map((past) => ({
          script: past.script,
          filename: past.filename,
          iteration: scriptOf(past),
          goal: { logs: true },
        })),
      );
      const lines: PastLogLine[] = [];
      const diverged: number[] = [];
      let dropped = 0;
      outcomes.forEach((outcome, i) => {
        const past = ended[i]!;
        const { iteration } = past;
        const report: TravelReport = outcome.report;
        for (const log of report.logs ?? [])
          lines.push({ iteration, source: log.source, line: log.line, text: log.text });
        if (!ranAsRecorded(past, report)) diverged.push(iteration);
        dropped += report.dropped ?? 0;
      });
      return { lines, iterations: outcomes.length, diverged, dropped };
    };
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  dispose(): void {
    this.process.dispose();
  }
}
