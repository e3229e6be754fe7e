// How an iteration ended, said first (docs/workbench.md, Timeline): its error, or its outcome with
// the last thing it said (a log or print line: the brain's terminal message), which the timeline
// shows in the iteration's row rather than as the last of its event lines.

import type { Iteration } from './trace-log.ts';

export interface IterationOutcome {
  kind: 'failed' | 'exited' | 'completed' | 'ended' | 'running';
  /** `completed`, `exited: done`, the error with its line. */
  headline: string;
  /** The last log or print line of the iteration, when it wrote one. */
  message?: string;
}

export function iterationOutcome(iteration: Iteration): IterationOutcome {
  const said = lastMessage(iteration);
  const message = said === undefined ? {} : { message: said };
  if (iteration.error !== undefined) {
    const where = iteration.line !== undefined ? ` (line ${iteration.line}, column ${iteration.column ?? 1})` : '';
    return { kind: 'failed', headline: `${iteration.error}${where}` };
  }
  if (iteration.outcome !== undefined) {
    return {
      kind: iteration.outcome === 'completed' ? 'completed' : 'exited',
      headline: iteration.outcome,
      ...message,
    };
  }
  if (iteration.end !== undefined) return { kind: 'ended', headline: 'ended', ...message };
  return { kind: 'running', headline: 'running…', ...message };
}

function lastMessage(iteration: Iteration): string | undefined {
  for (let i = iteration.events.length - 1; i >= 0; i--) {
    const event = iteration.events[i]!;
    if (event.type === 'log') return event.message;
  }
  return undefined;
}
