// Which lines of each brain ran, and how often (docs/debugging.md#which-lines-ran): the counts the
// engines report while coverage is on, summed over iterations, agents and tests; the lines that
// could have run (the runtime's statement lines) say which never did. Written as LCOV for the
// tools that read it, and summed up per brain.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RUNTIMES } from '../runtimes/runtimes.ts';
import type { RuntimeDescriptor } from '../runtimes/runtime-descriptor.ts';

/** Per brain file (absolute): its lines as `[line, hits]` pairs. */
export type LineCounts = Record<string, [line: number, hits: number][]>;

export interface BrainCoverage {
  file: string;
  /** Statement lines, and those entered at least once. */
  lines: number;
  hit: number;
  /** Statement lines never entered. */
  missed: number[];
}

/** Code with no file of its own (Rhai's `<eval>` text): its lines are no brain's, so no record. */
function isPseudoSource(name: string): boolean {
  return name.startsWith('<') && name.endsWith('>');
}

export class LineCoverageMap {
  readonly #files = new Map<string, Map<number, number>>();

  add(counts: LineCounts): void {
    for (const [name, lines] of Object.entries(counts)) {
      if (isPseudoSource(name)) continue;
      const file = resolve(name);
      let hits = this.#files.get(file);
      if (!hits) this.#files.set(file, (hits = new Map()));
      for (const [line, count] of lines) hits.set(line, (hits.get(line) ?? 0) + count);
    }
  }

  /** Adds `file`'s statement lines as never entered, so that a brain that never ran shows as such. */
  include(name: string): void {
    const file = resolve(name);
    if (!this.#files.has(file) && statementLines(file) !== undefined) this.#files.set(file, new Map());
  }

  get files(): string[] {
    return [...this.#files.keys()].sort();
  }

  toJSON(): LineCounts {
    return Object.fromEntries([...this.#files].map(([file, hits]) => [file, [...hits].sort((a, b) => a[0] - b[0])]));
  }

  /** Each file's statement lines with their counts (0 for a line never entered). */
  #lines(file: string): [number, number][] {
    const hits = this.#files.get(file) ?? new Map<number, number>();
    const statements = statementLines(file) ?? [];
    const lines = new Set([...statements, ...hits.keys()]);
    return [...lines].sort((a, b) => a - b).map((line) => [line, hits.get(line) ?? 0]);
  }

  /** Every statement line of each brain with its count, 0 for a line never entered. */
  statementCounts(): LineCounts {
    return Object.fromEntries(this.files.map((file) => [file, this.#lines(file)]));
  }

  summary(): BrainCoverage[] {
    return this.files.map((file) => {
      const lines = this.#lines(file);
      const missed = lines.filter(([, hits]) => hits === 0).map(([line]) => line);
      return { file, lines: lines.length, hit: lines.length - missed.length, missed };
    });
  }

  /** The LCOV tracefile (geninfo(1)): one record per brain, `DA` for each statement line. */
  lcov(testName = ''): string {
    return this.files
      .map((file) => {
        const lines = this.#lines(file);
        const hit = lines.filter(([, hits]) => hits > 0).length;
        return [
          `TN:${testName}`,
          `SF:${file}`,
          ...lines.map(([line, hits]) => `DA:${line},${hits}`),
          `LF:${lines.length}`,
          `LH:${hit}`,
          'end_of_record',
          '',
        ].join('\n');
      })
      .join('');
  }
}

/** The lines a brain's statements start on, as its runtime says; undefined for a brain without source. */
function statementLines(file: string): number[] | undefined {
  const extension = file.slice(file.lastIndexOf('.'));
  const descriptor = Object.values(RUNTIMES).find((d: RuntimeDescriptor) => d.brain.extensions.includes(extension));
  const breakable = descriptor?.debugging.breakableLines;
  if (!breakable) return undefined;
  try {
    return [...new Set(breakable(readFileSync(file, 'utf8')))];
  } catch {
    return undefined;
  }
}

/** "brains/counter.rhai: 5 of 6 lines (83%); never reached: line 7". */
export function coverageLine(brain: BrainCoverage, name: string): string {
  const percent = brain.lines === 0 ? 100 : Math.floor((brain.hit / brain.lines) * 100);
  const missed =
    brain.missed.length === 0
      ? 'every line reached'
      : `never reached: ${brain.missed.length === 1 ? 'line' : 'lines'} ${ranges(brain.missed)}`;
  return `${name}: ${brain.hit} of ${brain.lines} lines (${percent}%); ${missed}`;
}

/** 3, 4, 5, 9 → "3-5, 9". */
function ranges(lines: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    parts.push(j === i ? `${lines[i]}` : `${lines[i]}-${lines[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
