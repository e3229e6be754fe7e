import type { RunOutcome } from '../host-api/run-outcome.ts';
import type { AbortCause } from '../host/agent-context.ts';

/** How one iteration ended, as the supervisor classifies it (omw-compat 3.1). */
export type IterationResult =
  | { kind: 'outcome'; outcome: RunOutcome }
  | { kind: 'failed'; error: string; line?: number; column?: number }
  | { kind: 'aborted'; cause: AbortCause };

export function describeResult(result: IterationResult): string {
  switch (result.kind) {
    case 'outcome':
      return result.outcome === 'completed' ? 'completed' : `exited: ${result.outcome.exited}`;
    case 'failed': {
      const where = result.line !== undefined ? ` (line ${result.line}, column ${result.column ?? 1})` : '';
      return `failed: ${result.error}${where}`;
    }
    case 'aborted':
      return `aborted (${result.cause})`;
  }
}
