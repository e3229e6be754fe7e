// What the host hands an agent process to serve a replayed iteration's host calls itself: the
// recorded calls in order, and how the recorded iteration ended. Built by ReplayHost, served on
// the engine thread (main/agent-process/replay-server.ts), compared as ReplayHost compares.

import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { RunOutcome } from '../host-api/run-outcome.ts';
import type { Json } from '../trace/trace-event.ts';
import { jsonEqual } from './json-equal.ts';
import { encodeValue } from './recorded-values.ts';

/** One recorded call: its op and arguments as recorded, and its answer as the brain's binding takes it. */
export type ReplayCall = { op: HostOp; args: Json[] } & (
  | { ok: true; value: unknown }
  /** `fault`: a host error (the iteration stops), not the op's own `err`. */
  | { ok: false; error: string; fault: boolean }
);

/**
 * How the recorded iteration ended, as far as the engine thread may judge it: `any` when the
 * recording does not say (aborted, or cut short by the file's end), `unknown` when only the host
 * can tell (an end that a secret of this config would change).
 */
export type ReplayEnd =
  { kind: 'any' } | { kind: 'outcome'; outcome: RunOutcome } | { kind: 'failed'; error: string } | { kind: 'unknown' };

export interface ReplayIterationScript {
  calls: ReplayCall[];
  end: ReplayEnd;
}

/** Whether the brain's call is the recorded one: the same op, and arguments equal once recorded as JSON. */
export const callMatches = (recorded: ReplayCall, op: HostOp, args: readonly unknown[]): boolean =>
  recorded.op === op && jsonEqual(recorded.args, (encodeValue(op, [...args]) ?? []) as Json[]);
