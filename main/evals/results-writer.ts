// Writes a results file as the trials finish: the header first, then each trial's line once it
// and every trial before it in the selected order are done, so the file reads in case order and a
// run stopped half way keeps every line it wrote.

import { closeSync, openSync, writeSync } from 'node:fs';

import type { ResultsHeader, TrialLine } from './results-format.ts';

export class ResultsWriter {
  private readonly fd: number;
  private readonly waiting = new Map<number, TrialLine>();
  private next = 0;

  constructor(
    readonly file: string,
    header: ResultsHeader,
  ) {
    this.fd = openSync(file, 'w');
    writeSync(this.fd, `${JSON.stringify(header)}\n`);
  }

  /** The trial at `position` (its place in the run's order) is done. */
  done(position: number, line: TrialLine): void {
    this.waiting.set(position, line);
    let text = '';
    while (this.waiting.has(this.next)) {
      text += `${JSON.stringify(this.waiting.get(this.next))}\n`;
      this.waiting.delete(this.next++);
    }
    if (text) writeSync(this.fd, text);
  }

  close(): void {
    closeSync(this.fd);
  }
}
