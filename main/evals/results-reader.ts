// Reads a results file (results-format.ts). It may come from elsewhere (a CI artifact, a
// colleague), so each line is checked before use: a line that is not a trial of this format is an
// error with its line number, and its recording's path is checked when it is opened.

import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

import { RESULTS_FORMAT, RESULTS_VERSION, type ResultsHeader, type TrialLine } from './results-format.ts';

export class ResultsError extends Error {}

export interface Results {
  file: string;
  header: ResultsHeader;
  trials: TrialLine[];
}

export function parseHeader(text: string, file: string): ResultsHeader {
  let header: Partial<ResultsHeader>;
  try {
    header = JSON.parse(text) as Partial<ResultsHeader>;
  } catch {
    throw new ResultsError(`${file}: line 1: not a Brainbench results file (not JSON)`);
  }
  if (header?.kind !== 'header' || header.format !== RESULTS_FORMAT)
    throw new ResultsError(`${file}: line 1: not a Brainbench results file (expected a "${RESULTS_FORMAT}" header)`);
  if (typeof header.version !== 'number' || header.version > RESULTS_VERSION)
    throw new ResultsError(
      `${file}: line 1: results format version ${String(header.version)}; this Brainbench reads up to ${RESULTS_VERSION}`,
    );
  return header as ResultsHeader;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function parseTrial(text: string, file: string, line: number): TrialLine {
  let trial: Partial<TrialLine>;
  try {
    trial = JSON.parse(text) as Partial<TrialLine>;
  } catch (error) {
    throw new ResultsError(`${file}: line ${line}: not JSON: ${(error as Error).message}`);
  }
  const problem =
    trial?.kind !== 'trial'
      ? 'not a trial line'
      : typeof trial.case !== 'string'
        ? 'no case id'
        : !isCount(trial.caseIndex) || !isCount(trial.trial) || trial.trial < 1
          ? 'no case index or trial number'
          : typeof trial.outcome !== 'object' || trial.outcome === null || typeof trial.outcome.kind !== 'string'
            ? 'no outcome'
            : !Array.isArray(trial.scores)
              ? 'no scores'
              : typeof trial.score !== 'number' || !['pass', 'fail', 'error'].includes(String(trial.verdict))
                ? 'no score or verdict'
                : typeof trial.recording !== 'string'
                  ? 'no recording'
                  : typeof trial.usage !== 'object' || trial.usage === null
                    ? 'no usage'
                    : undefined;
  if (problem) throw new ResultsError(`${file}: line ${line}: ${problem}`);
  return trial as TrialLine;
}

/** A whole results file; a cut last line (a run still writing, or killed) is left out. */
export function readResults(file: string): Results {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ResultsError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const lines = text.split('\n');
  const cut = lines.at(-1) !== '';
  if (!cut) lines.pop();
  if (lines.length === 0 || lines[0]!.trim() === '')
    throw new ResultsError(`${file}: empty: not a Brainbench results file`);
  const header = parseHeader(lines[0]!, file);
  const trials: TrialLine[] = [];
  for (let index = 1; index < lines.length; index++) {
    const raw = lines[index]!;
    if (raw.trim() === '') continue;
    if (cut && index === lines.length - 1) {
      try {
        trials.push(parseTrial(raw, file, index + 1));
      } catch {
        // The last line without its end: a run still writing.
      }
      continue;
    }
    trials.push(parseTrial(raw, file, index + 1));
  }
  return { file, header, trials };
}

export interface ResultsPage {
  header: ResultsHeader;
  /** Trial lines in the file. */
  total: number;
  offset: number;
  rows: TrialLine[];
}

/** One page of a results file's trials, read line by line, so a file of any size is served in little memory. */
export async function readResultsPage(file: string, offset: number, limit: number): Promise<ResultsPage> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let header: ResultsHeader | undefined;
  let number = 0;
  let total = 0;
  const rows: TrialLine[] = [];
  try {
    for await (const raw of lines) {
      number++;
      if (number === 1) {
        header = parseHeader(raw, file);
        continue;
      }
      if (raw.trim() === '') continue;
      if (total >= offset && rows.length < limit) rows.push(parseTrial(raw, file, number));
      total++;
    }
  } catch (error) {
    if (error instanceof ResultsError) throw error;
    throw new ResultsError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (!header) throw new ResultsError(`${file}: empty: not a Brainbench results file`);
  return { header, total, offset, rows };
}
