// How an iteration ended. The supervisor classifies it; the renderer shows it in an agent's
// status and as the answer of a `step` request.

import type { RunOutcome } from '../main/host-api/run-outcome.ts';

/** Why a running iteration is being aborted (omw-compat 3.6). */
export type AbortCause = 'reload' | 'shutdown' | 'stop';

/** How one iteration ended, as the supervisor classifies it (omw-compat 3.1). */
export type IterationResult =
  | { kind: 'outcome'; outcome: RunOutcome }
  | { kind: 'failed'; error: string; line?: number; column?: number }
  | { kind: 'aborted'; cause: AbortCause };
