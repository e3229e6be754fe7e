import type { IterationResult } from '../../contract/iteration-result.ts';

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
