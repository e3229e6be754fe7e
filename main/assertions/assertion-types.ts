// The parsed `[assertions]` table of a test config (omw-compat 14.3). Patterns stay plain JSON
// so assertions can be rendered, stored and sent to the renderer as they were written.

import type { OmwEventKind } from '../host-api/wit-types.generated.ts';
import type { Json } from '../trace/trace-event.ts';
import type { StepMode } from './sequence-cursor.ts';

/** An outbound host call: `op` is a regex over the snake_case op name, `detail` a pattern. */
export interface CallAssertion {
  kind: 'call';
  op?: string;
  detail?: Json;
}

/** An envelope the brain received: `event` is the exact kind, `payload` a pattern over `{kind, data}`. */
export interface InboundAssertion {
  kind: 'inbound';
  event?: OmwEventKind;
  payload?: Json;
}

/** A source opened: `source` is a regex over the source kind. */
export interface OpenedAssertion {
  kind: 'opened';
  source?: string;
}

/** A source closed: `source` and `reason` are regexes over the source kind and close reason. */
export interface ClosedAssertion {
  kind: 'closed';
  source?: string;
  reason?: string;
}

export type EventAssertion = CallAssertion | InboundAssertion | OpenedAssertion | ClosedAssertion;

/** One entry of `events`: a plain assertion (`once`) or a `$while` / `$until` wrapper. */
export interface Step {
  mode: StepMode;
  assertion: EventAssertion;
}

/** `asserted`: the agent passes (and is stopped) as soon as its events are satisfied. */
export type OutcomeAssertion = 'completed' | { exited: string } | 'asserted';

export interface AgentAssertion {
  outcome?: OutcomeAssertion;
  events: Step[];
}
