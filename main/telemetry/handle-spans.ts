// The spans of calls that return a handle and finish later: a chat stream ends when the provider
// closes it (its `closed` trace event), and its usage arrives in the `chat-delta` events the brain
// receives; a queued tool call ends at its result. The provider may close a stream before the
// brain has read its deltas, so a span ends (at the close time) once the brain has received the
// stream's last event, or its iteration ended without it, or the run ended.

import type { Span } from '@opentelemetry/api';
import {
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  EVENT_GEN_AI_CLIENT_INFERENCE_OPERATION_DETAILS,
} from '@opentelemetry/semantic-conventions/incubating';
import type { ToolCall } from '../host-api/wit-types.generated.ts';
import type { ClosedTrace, CloseReason, InboundTrace } from '../trace/trace-event.ts';
import { ATTR_BRAINBENCH_CLOSE_REASON, ATTR_BRAINBENCH_INCOMPLETE } from './brainbench-attributes.ts';
import { addUsage, finishReasonsAttributes, usageAttributes, type TokenUsage } from './chat-attributes.ts';
import { outputMessagesText } from './genai-messages.ts';
import { failSpan } from './span-error.ts';

interface StreamedAnswer {
  content: string;
  reasoning: string;
  tool_calls: ToolCall[];
}

export interface OpenHandle {
  span: Span;
  agent: string;
  kind: 'chat-stream' | 'tool-call';
  usage: TokenUsage;
  finishReasons: string[];
  /** With content: the request's messages (as `gen_ai.input.messages`) and the answer so far. */
  content?: { input?: string; answer: StreamedAnswer; result?: string };
  closed?: { time: number; reason: CloseReason };
  /** The error the brain received for it (a failed stream or tool call). */
  error?: string;
}

export class HandleSpans {
  private readonly open = new Map<string, OpenHandle>();
  /** Closes traced before the call that opened the handle had returned (a stream that ends at once). */
  private readonly closedEarly = new Map<string, ClosedTrace>();

  add(uuid: string, handle: Omit<OpenHandle, 'usage' | 'finishReasons'>): void {
    this.open.set(uuid, { ...handle, usage: { input: 0, output: 0 }, finishReasons: [] });
    const closed = this.closedEarly.get(uuid);
    if (closed) {
      this.closedEarly.delete(uuid);
      this.closed(closed);
    }
  }

  closed(event: ClosedTrace): void {
    const handle = this.open.get(event.uuid);
    if (!handle) {
      if (event.source === 'chat-stream' || event.source === 'tool-call') this.closedEarly.set(event.uuid, event);
      return;
    }
    handle.closed = { time: event.time, reason: event.reason };
    // Nothing more arrives for a cancelled handle.
    if (event.reason === 'cancelled') this.end(event.uuid, handle, event.time);
  }

  /** An event the brain received: a stream's delta or end, a queued call's result or error. */
  inbound(event: InboundTrace): void {
    const handle = this.open.get(event.id);
    if (!handle) return;
    const inbound = event.event;
    if (inbound.kind === 'chat-delta') {
      const delta = inbound.data;
      addUsage(handle.usage, delta.usage);
      if (delta.finish_reason) handle.finishReasons.push(delta.finish_reason);
      const answer = handle.content?.answer;
      if (answer) {
        answer.content += delta.content ?? '';
        answer.reasoning += delta.reasoning ?? '';
        if (delta.tool_call) answer.tool_calls.push(delta.tool_call);
      }
    } else if (inbound.kind === 'tool-result') {
      if (handle.content) handle.content.result = inbound.data.content;
      this.end(event.id, handle, handle.closed?.time ?? event.time);
    } else if (inbound.kind === 'chat-end') {
      this.end(event.id, handle, handle.closed?.time ?? event.time);
    } else if (inbound.kind === 'error') {
      handle.error = inbound.data;
      this.end(event.id, handle, handle.closed?.time ?? event.time);
    }
  }

  /** The agent's iteration ended: what closed meanwhile will not be received any more in it. */
  iterationEnded(agent: string): void {
    for (const [uuid, handle] of this.open) {
      if (handle.agent === agent && handle.closed) this.end(uuid, handle, handle.closed.time);
    }
  }

  /** The run or the recording ended: every span ends, where its handle closed or at `time`. */
  endAll(time: number): void {
    for (const [uuid, handle] of this.open) {
      if (!handle.closed) handle.span.setAttribute(ATTR_BRAINBENCH_INCOMPLETE, true);
      this.end(uuid, handle, handle.closed?.time ?? time);
    }
    this.closedEarly.clear();
  }

  private end(uuid: string, handle: OpenHandle, time: number): void {
    this.open.delete(uuid);
    const { span } = handle;
    if (handle.closed) span.setAttribute(ATTR_BRAINBENCH_CLOSE_REASON, handle.closed.reason);
    if (handle.kind === 'chat-stream') {
      span.setAttributes({ ...usageAttributes(handle.usage), ...finishReasonsAttributes(handle.finishReasons) });
      if (handle.content?.input !== undefined) {
        const { answer } = handle.content;
        span.addEvent(
          EVENT_GEN_AI_CLIENT_INFERENCE_OPERATION_DETAILS,
          {
            [ATTR_GEN_AI_INPUT_MESSAGES]: handle.content.input,
            [ATTR_GEN_AI_OUTPUT_MESSAGES]: outputMessagesText({
              ...answer,
              ...(handle.finishReasons.length > 0 ? { finish_reason: handle.finishReasons.at(-1)! } : {}),
            }),
          },
          time,
        );
      }
    } else if (handle.content?.result !== undefined) {
      span.setAttribute(ATTR_GEN_AI_TOOL_CALL_RESULT, handle.content.result);
    }
    if (handle.error !== undefined) failSpan(span, 'call_error', handle.error, time);
    else if (handle.closed?.reason === 'failed') failSpan(span, 'call_error', `${handle.kind} failed`, time);
    span.end(time);
  }
}
