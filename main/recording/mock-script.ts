// What the mocks of a test written from a recording answer: each provider's turns and each tool
// server's tools, scripted tool results and resources, in the order the recording got them.

import type {
  ChatDelta,
  ChatResult,
  ResourceContent,
  ResourceInfo,
  Tool,
  ToolResult,
} from '../host-api/wit-types.generated.ts';
import type { Json, TraceEvent } from '../trace/trace-event.ts';
import type { RecordedCall, RecordedIteration } from './recording.ts';

export interface MockTurn {
  content?: string;
  reasoning?: string;
  tool_call?: { id: string; name: string; arguments: string };
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  error?: string;
}

export interface MockToolCall {
  name: string;
  result: string;
  structured_content?: Json;
  error?: string;
}

export interface MockTooling {
  tools: Json[];
  tool_calls: MockToolCall[];
  initial_resource_list: ResourceInfo[];
  initial_resource_contents: Record<string, string>;
}

export interface MockProvider {
  turns: MockTurn[];
  models: string[];
}

export interface MockScript {
  providers: Map<string, MockProvider>;
  tooling: Map<string, MockTooling>;
}

const parsed = (text: string | undefined): Json | undefined => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
};

/** Drops nulls, which TOML cannot write (a JSON schema's `default = null`, say). */
const withoutNulls = (value: Json): Json => {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (v === null ? [] : [[k, withoutNulls(v)]])));
};

function turnOf(
  result: Pick<ChatResult, 'content' | 'reasoning' | 'usage'> & { tool_call?: ChatDelta['tool_call'] },
): MockTurn {
  const tool = result.tool_call;
  return {
    ...(result.content ? { content: result.content } : {}),
    ...(result.reasoning ? { reasoning: result.reasoning } : {}),
    ...(tool ? { tool_call: { id: tool.id ?? '', name: tool.name ?? '', arguments: tool.arguments ?? '' } } : {}),
    ...(result.usage ? { usage: { ...result.usage } } : {}),
  };
}

/** A chat stream's deltas as one turn, read from the inbound events of its UUID. */
function streamedTurn(uuid: string, events: readonly TraceEvent[]): MockTurn {
  let content = '';
  let reasoning = '';
  let toolCall: ChatDelta['tool_call'];
  let usage: ChatDelta['usage'];
  let error: string | undefined;
  for (const event of events) {
    if (event.type !== 'inbound' || event.id !== uuid) continue;
    if (event.event.kind === 'chat-delta') {
      const delta = event.event.data;
      content += delta.content ?? '';
      reasoning += delta.reasoning ?? '';
      if (delta.tool_call) {
        const t = delta.tool_call;
        toolCall = {
          id: t.id ?? toolCall?.id,
          name: t.name ?? toolCall?.name,
          arguments: (toolCall?.arguments ?? '') + (t.arguments ?? ''),
        };
      }
      usage = delta.usage ?? usage;
    } else if (event.event.kind === 'error') error = event.event.data;
  }
  return {
    ...turnOf({ content, reasoning, ...(toolCall ? { tool_call: toolCall } : {}), ...(usage ? { usage } : {}) }),
    ...(error !== undefined ? { error } : {}),
  };
}

function toolCallOf(result: ToolResult | undefined, error: string | undefined, name: string): MockToolCall {
  if (error !== undefined || !result) return { name, result: '', error: error ?? 'failed' };
  const blocks = parsed(result.content);
  const text = Array.isArray(blocks)
    ? blocks.map((block) => (block as { text?: string } | null)?.text ?? '').join('')
    : String(blocks ?? '');
  const structured = parsed(result.structured_content);
  return {
    name,
    result: text,
    ...(structured !== undefined && structured !== null ? { structured_content: structured } : {}),
  };
}

/** The queued tool call's answer: the `tool-result` or `error` event of its UUID, where the brain received it. */
function queuedToolCall(call: RecordedCall, events: readonly TraceEvent[]): MockToolCall {
  const name = String(call.args[1]);
  const answer = events.find((e) => e.type === 'inbound' && e.id === call.value);
  if (answer?.type === 'inbound' && answer.event.kind === 'tool-result')
    return toolCallOf(answer.event.data, undefined, name);
  if (answer?.type === 'inbound' && answer.event.kind === 'error')
    return toolCallOf(undefined, answer.event.data, name);
  return { name, result: '', error: 'the recording holds no answer to this call' };
}

const emptyTooling = (): MockTooling => ({
  tools: [],
  tool_calls: [],
  initial_resource_list: [],
  initial_resource_contents: {},
});

/** Scripts the mocks from the calls of these iterations, taken in the order the recording holds them. */
export function mockScript(iterations: readonly RecordedIteration[]): MockScript {
  const script: MockScript = { providers: new Map(), tooling: new Map() };
  const calls = iterations
    .flatMap((iteration) => iteration.calls.map((call) => ({ call, events: iteration.events })))
    .sort((a, b) => a.call.time - b.call.time);
  const provider = (name: string) =>
    script.providers.get(name) ?? script.providers.set(name, { turns: [], models: [] }).get(name)!;
  const turns = (name: string) => provider(name).turns;
  const tooling = (name: string) => script.tooling.get(name) ?? script.tooling.set(name, emptyTooling()).get(name)!;
  for (const { call, events } of calls) {
    const receiver = String(call.args[0]);
    switch (call.op) {
      case 'provider.get':
        turns(receiver);
        break;
      case 'provider.list-models':
        if (call.ok) provider(receiver).models = call.value as string[];
        break;
      case 'provider.chat': {
        const result = call.value as unknown as ChatResult | undefined;
        if (call.ok && result)
          turns(receiver).push(
            turnOf({ ...result, ...(result.tool_calls[0] ? { tool_call: result.tool_calls[0] } : {}) }),
          );
        else turns(receiver).push({ error: call.error ?? 'failed' });
        break;
      }
      case 'provider.chat-stream':
        if (call.ok) turns(receiver).push(streamedTurn(String(call.value), events));
        break;
      case 'tooling.get':
        tooling(receiver);
        break;
      case 'tooling.list-tools':
        if (call.ok) {
          tooling(receiver).tools = (call.value as unknown as Tool[]).map((tool) =>
            withoutNulls({
              name: tool.name,
              ...(tool.description ? { description: tool.description } : {}),
              input_schema: parsed(tool.input_schema) ?? {},
              ...(tool.output_schema ? { output_schema: parsed(tool.output_schema)! } : {}),
            }),
          );
        }
        break;
      case 'tooling.call-tool-blocking':
        tooling(receiver).tool_calls.push(
          toolCallOf(
            call.value as unknown as ToolResult | undefined,
            call.ok ? undefined : call.error,
            String(call.args[1]),
          ),
        );
        break;
      case 'tooling.call-tool':
        if (call.ok) tooling(receiver).tool_calls.push(queuedToolCall(call, events));
        break;
      case 'tooling.list-resources':
        if (call.ok) tooling(receiver).initial_resource_list = call.value as unknown as ResourceInfo[];
        break;
      case 'tooling.read-resource':
        if (call.ok) {
          const content = call.value as unknown as ResourceContent;
          tooling(receiver).initial_resource_contents[content.uri] = content.content;
        }
        break;
      default:
        break;
    }
  }
  return script;
}
