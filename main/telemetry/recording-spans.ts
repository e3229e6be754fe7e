// The converter: a recording's lines, in order, become OpenTelemetry spans (docs/recordings.md,
// "OTLP export"). The same lines come from a recording file or, live, from a running session, so
// an export of a recording shows the run exactly as a live export showed it. Each agent
// iteration is a trace of its own, rooted at its `invoke_agent` span; span times are the
// recorded ones.

import {
  ROOT_CONTEXT,
  SpanKind,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import {
  ATTR_CODE_COLUMN_NUMBER,
  ATTR_CODE_FILE_PATH,
  ATTR_CODE_LINE_NUMBER,
} from '@opentelemetry/semantic-conventions';
import {
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_NAME,
  EVENT_GEN_AI_CLIENT_INFERENCE_OPERATION_DETAILS,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
} from '@opentelemetry/semantic-conventions/incubating';
import type { ChatMessage, ChatResult, EventEnvelope, ToolResult } from '../host-api/wit-types.generated.ts';
import type { CallLine, RecordingLine } from '../recording/recording-format.ts';
import type { IterationEndTrace, IterationStartTrace, Json, TraceEvent } from '../trace/trace-event.ts';
import {
  ATTR_BRAINBENCH_EVENT_KIND,
  ATTR_BRAINBENCH_EXIT_MESSAGE,
  ATTR_BRAINBENCH_HANDLE,
  ATTR_BRAINBENCH_HELD_MS,
  ATTR_BRAINBENCH_HOST_OP,
  ATTR_BRAINBENCH_INCOMPLETE,
  ATTR_BRAINBENCH_ITERATION,
  ATTR_BRAINBENCH_OUTCOME,
  ATTR_BRAINBENCH_TOOLING,
  ATTR_BRAINBENCH_TRIGGER,
} from './brainbench-attributes.ts';
import { callShape } from './call-shapes.ts';
import {
  addUsage,
  chatRequestAttributes,
  chatSpanName,
  finishReasonsAttributes,
  usageAttributes,
  type TokenUsage,
} from './chat-attributes.ts';
import { inputMessagesText, outputMessagesText } from './genai-messages.ts';
import { HandleSpans } from './handle-spans.ts';
import { failSpan } from './span-error.ts';

/** What the spans name that the lines do not carry: from the recording's header, or the live config. */
export interface SpanFacts {
  /** The configured kind of a provider (openai, anthropic, mock, ...), by its name. */
  providerKind(name: string): string | undefined;
  /** The brain's file, by agent. */
  brainPath(agent: string): string | undefined;
}

export interface SpanOptions {
  /** Prompts, completions, tool arguments and results, and exit messages too (`--otlp-content`). */
  content: boolean;
}

interface OpenIteration {
  number: number;
  span: Span;
  context: Context;
  usage: TokenUsage;
  chats: number;
}

const jsonText = (value: Json | undefined): string =>
  typeof value === 'string' ? value : JSON.stringify(value ?? null);

export class RecordingSpans {
  private readonly iterations = new Map<string, OpenIteration>();
  private readonly handles = new HandleSpans();
  private lastTime = 0;

  constructor(
    private readonly tracer: Tracer,
    private readonly facts: SpanFacts,
    private readonly options: SpanOptions,
  ) {}

  line(line: RecordingLine): void {
    if (line.kind === 'call') this.call(line);
    else if (line.kind === 'trace') this.traced(line.event);
    else if (line.kind === 'end') this.end(Math.max(line.time, this.lastTime));
  }

  /** Ends whatever is still open, at `time` (the last time seen): the recording or the run stopped. */
  end(time = this.lastTime): void {
    this.handles.endAll(time);
    for (const [agent, iteration] of this.iterations) {
      iteration.span.setAttribute(ATTR_BRAINBENCH_INCOMPLETE, true);
      this.closeIteration(agent, iteration, time);
    }
  }

  private traced(event: TraceEvent): void {
    this.lastTime = Math.max(this.lastTime, event.time);
    const open = this.iterations.get(event.agent);
    const current = open?.number === event.iteration ? open : undefined;
    switch (event.type) {
      case 'iteration-start':
        return this.startIteration(event);
      case 'iteration-end':
        if (current) this.endIteration(current, event);
        return;
      case 'inbound':
        if (event.event.kind === 'chat-delta' && current) addUsage(current.usage, event.event.data.usage);
        this.handles.inbound(event);
        return;
      case 'closed':
        this.handles.closed(event);
        return;
      case 'log':
        current?.span.addEvent('log', { 'log.level': event.level, 'log.message': event.message }, event.time);
        return;
      case 'held':
        current?.span.addEvent(
          'held',
          { [ATTR_BRAINBENCH_HOST_OP]: event.op, [ATTR_BRAINBENCH_HELD_MS]: event.heldMs },
          event.time,
        );
        return;
      default:
        // Calls are there as call lines; opened handles as the calls that opened them.
        return;
    }
  }

  private startIteration(event: IterationStartTrace): void {
    const previous = this.iterations.get(event.agent);
    if (previous) {
      previous.span.setAttribute(ATTR_BRAINBENCH_INCOMPLETE, true);
      this.closeIteration(event.agent, previous, event.time);
    }
    const span = this.tracer.startSpan(
      `${GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT} ${event.agent}`,
      {
        kind: SpanKind.INTERNAL,
        startTime: event.time,
        attributes: {
          [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
          [ATTR_GEN_AI_AGENT_NAME]: event.agent,
          [ATTR_BRAINBENCH_ITERATION]: event.iteration,
          [ATTR_BRAINBENCH_TRIGGER]: event.trigger,
        },
      },
      ROOT_CONTEXT,
    );
    this.iterations.set(event.agent, {
      number: event.iteration,
      span,
      context: trace.setSpan(ROOT_CONTEXT, span),
      usage: { input: 0, output: 0 },
      chats: 0,
    });
  }

  private endIteration(iteration: OpenIteration, event: IterationEndTrace): void {
    const { span } = iteration;
    if (event.heldMs) span.setAttribute(ATTR_BRAINBENCH_HELD_MS, event.heldMs);
    const { outcome } = event;
    if (outcome !== undefined) {
      span.setAttribute(ATTR_BRAINBENCH_OUTCOME, outcome === 'completed' ? outcome : 'exited');
      if (outcome !== 'completed' && this.options.content)
        span.setAttribute(ATTR_BRAINBENCH_EXIT_MESSAGE, outcome.exited);
    }
    if (event.error !== undefined) {
      const brain = this.facts.brainPath(event.agent);
      failSpan(span, 'brain_error', event.error, event.time, {
        ...(brain !== undefined ? { [ATTR_CODE_FILE_PATH]: brain } : {}),
        ...(event.line !== undefined ? { [ATTR_CODE_LINE_NUMBER]: event.line } : {}),
        ...(event.column !== undefined ? { [ATTR_CODE_COLUMN_NUMBER]: event.column } : {}),
      });
    }
    this.handles.iterationEnded(event.agent);
    this.closeIteration(event.agent, iteration, event.time);
  }

  private closeIteration(agent: string, iteration: OpenIteration, time: number): void {
    if (iteration.chats > 0) iteration.span.setAttributes(usageAttributes(iteration.usage));
    iteration.span.end(time);
    this.iterations.delete(agent);
  }

  private call(line: CallLine): void {
    const end = line.time + line.durationMs;
    this.lastTime = Math.max(this.lastTime, end);
    const iteration = this.iterations.get(line.agent);
    if (iteration?.number !== line.iteration) return;
    const shape = callShape(line);
    if (shape === 'none') return;
    if (shape === 'event') {
      iteration.span.addEvent(line.op, { [ATTR_BRAINBENCH_HOST_OP]: line.op }, line.time);
      return;
    }
    const { args } = line;
    const content = this.options.content;
    const child = (name: string, kind: SpanKind, attributes: Attributes) =>
      this.tracer.startSpan(
        name,
        { kind, startTime: line.time, attributes: { ...attributes, [ATTR_BRAINBENCH_HOST_OP]: line.op } },
        iteration.context,
      );
    let span: Span;
    if (shape === 'chat' || shape === 'chat-stream') {
      iteration.chats++;
      const stream = shape === 'chat-stream';
      const providerKind = this.facts.providerKind(String(args[0]));
      span = child(chatSpanName(args), SpanKind.CLIENT, chatRequestAttributes(args, providerKind, stream));
      const input = content ? inputMessagesText((args[2] ?? []) as unknown as ChatMessage[]) : undefined;
      if (line.ok && stream) {
        const uuid = String(line.value);
        span.setAttribute(ATTR_BRAINBENCH_HANDLE, uuid);
        this.handles.add(uuid, {
          span,
          agent: line.agent,
          kind: 'chat-stream',
          ...(input !== undefined
            ? { content: { input, answer: { content: '', reasoning: '', tool_calls: [] } } }
            : {}),
        });
        return;
      }
      if (line.ok) {
        const result = line.value as unknown as ChatResult;
        const usage = { input: 0, output: 0 };
        addUsage(usage, result.usage);
        addUsage(iteration.usage, result.usage);
        span.setAttributes({
          ...usageAttributes(usage),
          ...finishReasonsAttributes(result.finish_reason ? [result.finish_reason] : []),
        });
        if (input !== undefined)
          span.addEvent(
            EVENT_GEN_AI_CLIENT_INFERENCE_OPERATION_DETAILS,
            { [ATTR_GEN_AI_INPUT_MESSAGES]: input, [ATTR_GEN_AI_OUTPUT_MESSAGES]: outputMessagesText(result) },
            end,
          );
      }
    } else if (shape === 'tool' || shape === 'queued-tool') {
      span = child(`${GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL} ${String(args[1])}`, SpanKind.INTERNAL, {
        [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
        [ATTR_GEN_AI_TOOL_NAME]: String(args[1]),
        [ATTR_BRAINBENCH_TOOLING]: String(args[0]),
        ...(content ? { [ATTR_GEN_AI_TOOL_CALL_ARGUMENTS]: jsonText(args[2]) } : {}),
      });
      if (line.ok && shape === 'queued-tool') {
        const uuid = String(line.value);
        span.setAttribute(ATTR_BRAINBENCH_HANDLE, uuid);
        this.handles.add(uuid, {
          span,
          agent: line.agent,
          kind: 'tool-call',
          ...(content ? { content: { answer: { content: '', reasoning: '', tool_calls: [] } } } : {}),
        });
        return;
      }
      if (line.ok && content)
        span.setAttribute(ATTR_GEN_AI_TOOL_CALL_RESULT, (line.value as unknown as ToolResult).content);
    } else {
      span = child(line.op, SpanKind.INTERNAL, {});
      const envelope = line.ok ? (line.value as unknown as EventEnvelope | null | undefined) : undefined;
      if ((line.op === 'host.recv' || line.op === 'host.try-recv') && envelope)
        span.setAttribute(ATTR_BRAINBENCH_EVENT_KIND, envelope.event.kind);
    }
    if (!line.ok) failSpan(span, line.fault ? 'host_fault' : 'call_error', line.error ?? 'failed', end);
    span.end(end);
  }
}
