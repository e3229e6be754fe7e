// Hand-made trace events for the assertion tests; they are plain data, as the recorder writes them.

import type { RunOutcome } from '../../main/host-api/run-outcome.ts';
import type { OmwEvent } from '../../main/host-api/wit-types.generated.ts';
import type {
  CallTrace,
  ClosedTrace,
  CloseReason,
  InboundTrace,
  Json,
  OpenedTrace,
  OutcomeTrace,
  SourceKind,
} from '../../main/trace/trace-event.ts';

let seq = 0;

function base(agent: string) {
  seq += 1;
  return { seq, time: 1_700_000_000_000 + seq, agent, iteration: 1 };
}

export function call(op: string, detail: Json = {}, agent = 'alice'): CallTrace {
  return { ...base(agent), type: 'call', op, uuid: null, detail };
}

export function inbound(event: OmwEvent, agent = 'alice'): InboundTrace {
  return { ...base(agent), type: 'inbound', id: '0b0d6d3e-8f1f-4c8e-9d7a-3f4c2b1a0e9d', event };
}

export function opened(source: SourceKind, agent = 'alice'): OpenedTrace {
  return { ...base(agent), type: 'opened', source, uuid: '7f1c3a2e-0000-4000-8000-000000000001' };
}

export function closed(source: SourceKind, reason: CloseReason, agent = 'alice'): ClosedTrace {
  return { ...base(agent), type: 'closed', source, reason, uuid: '7f1c3a2e-0000-4000-8000-000000000001' };
}

export function outcome(value: RunOutcome, agent = 'alice'): OutcomeTrace {
  return { ...base(agent), type: 'outcome', outcome: value };
}

export function delta(content: string): OmwEvent {
  return { kind: 'chat-delta', data: { content } };
}
