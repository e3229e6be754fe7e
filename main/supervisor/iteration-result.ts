import type { IterationResult } from '../../contract/iteration-result.ts';

/** `brain.js:3:16: Error: boom`, or `Error: boom (line 3, column 16)` when the brain is not named. */
export function describeFailure(failure: { error: string; line?: number; column?: number }, brain?: string): string {
  if (brain === undefined) {
    const where = failure.line !== undefined ? ` (line ${failure.line}, column ${failure.column ?? 1})` : '';
    return `${failure.error}${where}`;
  }
  const where = failure.line !== undefined ? `:${failure.line}:${failure.column ?? 1}` : '';
  return `${brain}${where}: ${failure.error}`;
}

/** How an iteration ended, naming the brain's file (as the caller shows it) when given. */
export function describeResult(result: IterationResult, brain?: string): string {
  switch (result.kind) {
    case 'outcome':
      return result.outcome === 'completed' ? 'completed' : `exited: ${result.outcome.exited}`;
    case 'failed':
      return `failed: ${describeFailure(result, brain)}`;
    case 'aborted':
      return `aborted (${result.cause})`;
  }
}
