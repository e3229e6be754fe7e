// A watch in the past as the workbench and `brainbench dap` give it (docs/debugging.md#watches-in-the-past):
// the line it was placed on (the first statement line at or after the asked one), and its values.

import { readFileSync } from 'node:fs';
import { RUNTIMES } from '../runtimes/runtimes.ts';
import type { RuntimeDescriptor } from '../runtimes/runtime-descriptor.ts';
import type { PastValues } from '../time-travel/past-watch.ts';
import type { PastWatchView } from '../../contract/debug-views.ts';
import { placeBreakpoint } from './breakpoint-placement.ts';

export function pastWatchView(line: number, run: PastValues): PastWatchView {
  return {
    line,
    values: run.values.map(({ iteration, line: at, text }) => ({ iteration, line: at, value: text })),
    iterations: run.iterations,
    diverged: run.diverged,
  };
}

/** A watch is said by a logpoint `{expression}`, whose braces end the expression. */
export function checkWatchExpression(expression: string): void {
  if (expression.trim() === '') throw new Error('a watch in the past needs an expression');
  if (/[{}]/.test(expression))
    throw new Error('a watch in the past cannot hold { or }: watch the value it builds instead');
}

/** The statement line a watch on `line` of the brain `source` goes on. */
export function statementLine(source: string, line: number): number {
  const extension = source.slice(source.lastIndexOf('.'));
  const descriptor = Object.values(RUNTIMES).find((d: RuntimeDescriptor) => d.brain.extensions.includes(extension));
  const breakable = descriptor?.debugging.breakableLines;
  if (!descriptor || descriptor.debugging.level !== 'source' || !breakable)
    throw new Error(`${source}: not a brain with lines to watch`);
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (error) {
    throw new Error(`${source}: ${(error as Error).message}`, { cause: error });
  }
  const placed = placeBreakpoint(
    line,
    [...new Set(breakable(text))].sort((a, b) => a - b),
  );
  if (!placed.verified) throw new Error(`${source}:${line}: ${placed.message ?? 'no statement here'}`);
  return placed.line;
}
