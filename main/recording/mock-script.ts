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
import { escapeRegex, exactPattern } from './recorded-assertions.ts';
import type { RecordedCall, RecordedIteration } from './recording.ts';

export interface MockTurn {
  content?: string;
  reasoning?: string;
  tool_call?: { id: string; name: string; arguments: string };
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };
  error?: string;
  /** Never answers: the brain got nothing from it (it cancelled it, or stopped first). */
  pending?: true;
}

export interface MockToolCall {
  name: string;
  result: string;
  structured_content?: Json;
  error?: string;
  pending?: true;
}

/** omw's `after` gate: an event assertion that must have been seen before a step is delivered. */
export type MockGate = { [key: string]: Json };

export interface MockResourceListUpdate {
  resources: ResourceInfo[];
  after?: MockGate;
  error?: string;
}

export interface MockResourceContentUpdate {
  uri: string;
  content: string;
  after?: MockGate;
  error?: string;
}

export interface MockTooling {
  tools: Json[];
  tool_calls: MockToolCall[];
  initial_resource_list: ResourceInfo[];
  initial_resource_contents: Record<string, string>;
  resource_list_updates: MockResourceListUpdate[];
  resource_content_updates: MockResourceContentUpdate[];
}

/** A request of omw's endpoint mock. */
export interface MockEndpointRequest {
  model: string;
  session_id: string;
  messages: Json[];
  tools: Json[];
  params?: Json;
  after?: MockGate;
  session_end?: { close: number } | { abort: number };
}

export interface MockProvider {
  turns: MockTurn[];
  models: string[];
}

export interface MockScript {
  providers: Map<string, MockProvider>;
  tooling: Map<string, MockTooling>;
  /** The endpoint mock's requests, when a brain served the endpoint. */
  endpoint: MockEndpointRequest[];
  /** What the mocks cannot give as recorded (a tool result's image, say), each in a sentence. */
  warnings: string[];
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
  if (!events.some((event) => event.type === 'inbound' && event.id === uuid)) return { pending: true };
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

function toolCallOf(
  result: ToolResult | undefined,
  error: string | undefined,
  name: string,
  warn: (message: string) => void,
): MockToolCall {
  if (error !== undefined || !result) return { name, result: '', error: error ?? 'failed' };
  const blocks = parsed(result.content);
  const others = Array.isArray(blocks)
    ? [...new Set(blocks.flatMap((block) => blockType(block) ?? []).filter((type) => type !== 'text'))]
    : [];
  // omw's mock answers one text block: other content the tool gave is not in the test.
  if (others.length > 0)
    warn(`${name}'s result has ${others.join(' and ')} content, which the mock cannot give: the test gets its text`);
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

const blockType = (block: Json): string | undefined =>
  block !== null && typeof block === 'object' && !Array.isArray(block) && typeof block.type === 'string'
    ? block.type
    : undefined;

/** The queued tool call's answer: the `tool-result` or `error` event of its UUID, where the brain received it. */
function queuedToolCall(
  call: RecordedCall,
  events: readonly TraceEvent[],
  warn: (message: string) => void,
): MockToolCall {
  const name = String(call.args[1]);
  const answer = events.find((e) => e.type === 'inbound' && e.id === call.value);
  if (answer?.type === 'inbound' && answer.event.kind === 'tool-result')
    return toolCallOf(answer.event.data, undefined, name, warn);
  if (answer?.type === 'inbound' && answer.event.kind === 'error')
    return toolCallOf(undefined, answer.event.data, name, warn);
  // The brain never got an answer (it cancelled the call, or ended first): the mock gives none.
  return { name, result: '', pending: true };
}

const emptyTooling = (): MockTooling => ({
  tools: [],
  tool_calls: [],
  initial_resource_list: [],
  // Keyed by the recorded URIs: without a prototype, `__proto__` is a URI like any other.
  initial_resource_contents: Object.create(null) as Record<string, string>,
  resource_list_updates: [],
  resource_content_updates: [],
});

/** An omw event assertion matching exactly this call or inbound event (UUIDs left open); none for others. */
function eventPattern(event: TraceEvent): MockGate | undefined {
  if (event.type === 'call') {
    const detail = exactPattern(event.detail);
    return { kind: 'call', op: `^${escapeRegex(event.op)}$`, ...(detail !== undefined ? { detail } : {}) };
  }
  // Streamed deltas are split by the back end, so no gate can name one.
  if (event.type !== 'inbound' || event.event.kind === 'chat-delta') return undefined;
  const data = 'data' in event.event ? exactPattern(event.event.data as Json) : undefined;
  return { kind: 'inbound', event: event.event.kind, ...(data !== undefined ? { payload: { data } } : {}) };
}

/**
 * When a mock should deliver what the brain received as `inbound`: once the brain has made the
 * call or received the event it did last before it (omw delivers at call boundaries, so the event
 * lands right there, and the brain's next `recv` gets it, as recorded). A gate is met by any
 * matching event so far, so the nearest event that no earlier one looks like is taken. None when
 * there is no such event.
 */
function gateBefore(inbound: TraceEvent, events: readonly TraceEvent[]): MockGate | undefined {
  const before = events.slice(0, events.indexOf(inbound));
  const patterns = before.map((event) => {
    const pattern = eventPattern(event);
    return pattern && JSON.stringify(pattern);
  });
  for (let i = before.length - 1; i >= 0; i--) {
    const pattern = patterns[i];
    if (pattern !== undefined && patterns.indexOf(pattern) === i) return JSON.parse(pattern) as MockGate;
  }
  return undefined;
}

const gated = <T extends object>(step: T, gate: MockGate | undefined): T => (gate ? { ...step, after: gate } : step);

/** The updates a resource subscription received, as steps of the tooling mock's update lists. */
function subscriptionUpdates(mock: MockTooling, call: RecordedCall, events: readonly TraceEvent[]): void {
  const list = call.op === 'tooling.subscribe-resource-list';
  const uri = list ? undefined : String(call.args[1]);
  // Every subscription replays the configured updates from the start: one subscription's are the script.
  if (list ? mock.resource_list_updates.length > 0 : mock.resource_content_updates.some((u) => u.uri === uri)) return;
  for (const event of events) {
    if (event.type !== 'inbound' || event.id !== call.value) continue;
    const gate = gateBefore(event, events);
    const { event: received } = event;
    if (received.kind === 'resource-list-updated')
      mock.resource_list_updates.push(gated({ resources: received.data }, gate));
    else if (received.kind === 'resource-updated') {
      const { uri: updated, content } = received.data;
      mock.resource_content_updates.push(gated({ uri: updated, content }, gate));
    } else if (received.kind === 'error') {
      if (list) mock.resource_list_updates.push(gated({ resources: [], error: received.data }, gate));
      else mock.resource_content_updates.push(gated({ uri: uri!, content: '', error: received.data }, gate));
    }
  }
}

/** The requests an endpoint subscription received, and how each session ended, for the endpoint mock. */
function endpointRequests(call: RecordedCall, iteration: RecordedIteration, requests: MockEndpointRequest[]): void {
  const model = String(call.args[0]);
  const { events } = iteration;
  for (const event of events) {
    if (event.type !== 'inbound' || event.id !== call.value || event.event.kind !== 'endpoint-message') continue;
    const { session, messages, tools, params } = event.event.data;
    const request: MockEndpointRequest = {
      model,
      session_id: `session-${requests.length + 1}`,
      messages: messages.map((message) =>
        withoutNulls({ role: message.role, content: message.content ?? null, reasoning: message.reasoning ?? null }),
      ),
      tools: tools.map(toolOf),
      ...(params !== undefined ? { params: parsed(params)! } : {}),
    };
    const end = events.find(
      (e) => e.type === 'inbound' && e.event.kind === 'endpoint-session-end' && e.event.data.session === session,
    );
    const streamed = iteration.calls.filter(
      (c) => c.op === 'host.stream-endpoint' && c.args[0] === session && (!end || c.time <= end.time),
    );
    const sent = streamed.filter((c) => c.ok).length;
    const finished = streamed.some((c) => c.ok && (c.args[1] as { finish_reason?: string } | null)?.finish_reason);
    if (end?.type === 'inbound' && end.event.kind === 'endpoint-session-end') {
      // The client hung up: with an error it aborted, otherwise it closed before the reply finished.
      if (end.event.data.error !== undefined) request.session_end = { abort: sent };
      else if (!finished) request.session_end = { close: sent };
    }
    requests.push(gated(request, gateBefore(event, events)));
  }
}

const toolOf = (tool: Tool): Json =>
  withoutNulls({
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    input_schema: parsed(tool.input_schema) ?? {},
    ...(tool.output_schema ? { output_schema: parsed(tool.output_schema)! } : {}),
  });

/** Scripts the mocks from the calls of these iterations, taken in the order the recording holds them. */
export function mockScript(iterations: readonly RecordedIteration[]): MockScript {
  const script: MockScript = { providers: new Map(), tooling: new Map(), endpoint: [], warnings: [] };
  const warn = (message: string) => {
    if (!script.warnings.includes(message)) script.warnings.push(message);
  };
  const calls = iterations
    .flatMap((iteration) => iteration.calls.map((call) => ({ call, iteration, events: iteration.events })))
    .sort((a, b) => a.call.time - b.call.time);
  const provider = (name: string) =>
    script.providers.get(name) ?? script.providers.set(name, { turns: [], models: [] }).get(name)!;
  const turns = (name: string) => provider(name).turns;
  const tooling = (name: string) => script.tooling.get(name) ?? script.tooling.set(name, emptyTooling()).get(name)!;
  const read = new Set<string>();
  const listed = new Set<string>();
  for (const { call, iteration, events } of calls) {
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
          tooling(receiver).tools = (call.value as unknown as Tool[]).map(toolOf);
        }
        break;
      case 'tooling.call-tool-blocking':
        tooling(receiver).tool_calls.push(
          toolCallOf(
            call.value as unknown as ToolResult | undefined,
            call.ok ? undefined : call.error,
            String(call.args[1]),
            warn,
          ),
        );
        break;
      case 'tooling.call-tool':
        if (call.ok) tooling(receiver).tool_calls.push(queuedToolCall(call, events, warn));
        break;
      // The first list and the first read of each resource are the initial ones; later ones may show updates.
      case 'tooling.list-resources':
        if (call.ok && !listed.has(receiver))
          tooling(receiver).initial_resource_list = call.value as unknown as ResourceInfo[];
        if (call.ok) listed.add(receiver);
        break;
      case 'tooling.read-resource':
        if (call.ok) {
          const content = call.value as unknown as ResourceContent;
          const key = `${receiver}\n${content.uri}`;
          if (!read.has(key)) tooling(receiver).initial_resource_contents[content.uri] = content.content;
          read.add(key);
        }
        break;
      case 'tooling.subscribe-resource':
      case 'tooling.subscribe-resource-list':
        if (call.ok) subscriptionUpdates(tooling(receiver), call, events);
        break;
      case 'host.subscribe-endpoint':
        if (call.ok) endpointRequests(call, iteration, script.endpoint);
        break;
      default:
        break;
    }
  }
  return script;
}
