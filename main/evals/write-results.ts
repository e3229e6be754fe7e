// A whole results file written at once: into a file beside it, then moved over it, so that a
// reader (or a crash) never sees half of it.

import { renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import type { ResultsHeader, TrialLine } from './results-format.ts';

export function writeResultsAtomically(file: string, header: ResultsHeader, trials: readonly TrialLine[]): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  writeFileSync(temporary, [header, ...trials].map((line) => JSON.stringify(line)).join('\n') + '\n');
  renameSync(temporary, file);
}
