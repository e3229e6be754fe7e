// The JSON views assertions match against. `projectEvent` reproduces omw's serde serialization of
// an inbox event (omw-compat 4.4): adjacently tagged `{kind, data}`, snake_case fields, absent
// optionals as `null`. `projectTraceEvent` names, per trace event, exactly the fields an assertion
// of that kind can test, which keeps agent names and UUIDs out of reach of every pattern.

import type {
  ChatDelta,
  ChatMessage,
  EndpointMessage,
  OmwEvent,
  OmwEventKind,
  ResourceInfo,
  Tool,
  ToolCall,
  Usage,
} from '../host-api/wit-types.generated.ts';
import type { RunOutcome } from '../host-api/run-outcome.ts';
import type { CloseReason, Json, OmwTraceEvent, SourceKind } from '../trace/trace-event.ts';

/** `{kind, data}`; unit events have no `data`. */
export type EventProjection = { kind: OmwEventKind } | { kind: OmwEventKind; data: Json };

export type TraceProjection =
  | { kind: 'call'; op: string; detail: Json }
  | { kind: 'inbound'; event: OmwEventKind; payload: EventProjection }
  | { kind: 'opened'; source: SourceKind }
  | { kind: 'closed'; source: SourceKind; reason: CloseReason }
  | { kind: 'outcome'; outcome: RunOutcome };

// Inbound projections parse JSON text (params, schemas); matchers and gates ask for the same
// event many times, so each trace event is projected once. Projections are shared: never mutate.
const projections = new WeakMap<OmwTraceEvent, TraceProjection>();

export function projectTraceEvent(e: OmwTraceEvent): TraceProjection {
  const cached = projections.get(e);
  if (cached) return cached;
  const projection = project(e);
  projections.set(e, projection);
  return projection;
}

function project(e: OmwTraceEvent): TraceProjection {
  switch (e.type) {
    case 'call':
      return { kind: 'call', op: e.op, detail: e.detail };
    case 'inbound':
      return { kind: 'inbound', event: e.event.kind, payload: projectEvent(e.event) };
    case 'opened':
      return { kind: 'opened', source: e.source };
    case 'closed':
      return { kind: 'closed', source: e.source, reason: e.reason };
    case 'outcome':
      return { kind: 'outcome', outcome: e.outcome };
  }
}

export function projectEvent(event: OmwEvent): EventProjection {
  switch (event.kind) {
    case 'timer':
    case 'reload':
    case 'shutdown':
    case 'chat-end':
      return { kind: event.kind };
    case 'message':
    case 'error':
      return { kind: event.kind, data: event.data };
    case 'chat-delta':
      return { kind: event.kind, data: projectChatDelta(event.data) };
    case 'tool-result': {
      const { name, arguments: args, content, structured_content } = event.data;
      return {
        kind: event.kind,
        data: { name, arguments: args, content, structured_content: structured_content ?? null },
      };
    }
    case 'resource-list-updated':
      return { kind: event.kind, data: event.data.map(projectResourceInfo) };
    case 'resource-updated': {
      const { uri, mime_type, content } = event.data;
      return { kind: event.kind, data: { uri, mime_type: mime_type ?? null, content } };
    }
    case 'endpoint-message':
      return { kind: event.kind, data: projectEndpointMessage(event.data) };
    case 'endpoint-session-end':
      return { kind: event.kind, data: { session: event.data.session, error: event.data.error ?? null } };
  }
}

function projectChatDelta(delta: ChatDelta): Json {
  return {
    content: delta.content ?? null,
    reasoning: delta.reasoning ?? null,
    tool_call: projectToolCall(delta.tool_call),
    finish_reason: delta.finish_reason ?? null,
    usage: projectUsage(delta.usage),
  };
}

function projectToolCall(call: ToolCall | undefined): Json {
  return call ? { id: call.id, name: call.name, arguments: call.arguments } : null;
}

function projectUsage(usage: Usage | undefined): Json {
  if (!usage) return null;
  return {
    prompt_tokens: usage.prompt_tokens ?? null,
    completion_tokens: usage.completion_tokens ?? null,
    total_tokens: usage.total_tokens ?? null,
  };
}

function projectResourceInfo(info: ResourceInfo): Json {
  return { uri: info.uri, name: info.name, description: info.description ?? null, mime_type: info.mime_type ?? null };
}

function projectEndpointMessage(message: EndpointMessage): Json {
  return {
    session: message.session,
    messages: message.messages.map(projectChatMessage),
    tools: message.tools.map(projectTool),
    params: parseJsonText(message.params),
  };
}

function projectChatMessage(message: ChatMessage): Json {
  return {
    role: message.role,
    content: message.content ?? null,
    reasoning: message.reasoning ?? null,
    tool_call: projectToolCall(message.tool_call),
  };
}

function projectTool(tool: Tool): Json {
  return {
    name: tool.name,
    description: tool.description ?? null,
    input_schema: parseJsonText(tool.input_schema),
    output_schema: parseJsonText(tool.output_schema),
  };
}

// omw holds these as JSON values; text that is not JSON stays visible as the string it was.
function parseJsonText(text: string | undefined): Json {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}
