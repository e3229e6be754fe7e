// Progress of a long run: on a terminal one line redrawn in place, a bar with the trials done, the
// failures so far and an estimate of the time left; in CI (not a terminal) one plain line per
// trial, as a test runner prints its results.

import type { EvalProgress } from '../run-eval.ts';
import { score, seconds } from './numbers.ts';

const WIDTH = 24;

export interface ProgressOutput {
  isTTY: boolean;
  write(text: string): void;
}

export class ProgressDisplay {
  private failed = 0;
  private drawn = false;

  constructor(private readonly out: ProgressOutput) {}

  update(progress: EvalProgress): void {
    if (progress.kind === 'start') {
      const shard = progress.shard
        ? ` (shard ${progress.shard.index}/${progress.shard.total} of ${progress.selected} cases)`
        : '';
      this.out.write(`running ${progress.trials} trials of ${progress.cases} cases${shard}\n`);
      return;
    }
    const { line, done, total } = progress;
    if (line.verdict !== 'pass') this.failed++;
    if (!this.out.isTTY) {
      const verdict = line.verdict.toUpperCase().padEnd(5);
      const reused = line.reused === 'fresh' ? '' : line.reused === 'reused' ? ', reused' : ', partly reused';
      this.out.write(
        `[${done}/${total}] ${verdict} ${line.case} #${line.trial} score ${score(line.score)} (${seconds(line.durationMs)}${reused})\n`,
      );
      return;
    }
    const filled = Math.round((done / total) * WIDTH);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
    const left = done < total ? `, about ${seconds(progress.etaMs)} left` : '';
    this.out.write(
      `\r\x1b[2K${bar} ${done}/${total} trials, ${this.failed} not passing, ${seconds(progress.elapsedMs)}${left}`,
    );
    this.drawn = true;
  }

  /** Ends the redrawn line, so that what follows starts on its own. */
  finish(): void {
    if (this.drawn) this.out.write('\n');
    this.drawn = false;
  }
}
