// Canonical values (wit-types.ts) to what a Rhai brain sees: object maps with snake_case keys.
// An absent WIT option is a key missing from the map, so reading it yields unit (omw-compat 10).

import type {
  ChatDelta,
  ChatMessage,
  ChatResult,
  EndpointMessage,
  EndpointSessionEnd,
  EventEnvelope,
  OmwEvent,
  ResourceContent,
  ResourceInfo,
  Tool,
  ToolCall,
  ToolResult,
  Usage,
} from '../../host-api/wit-types.ts';
import type { RMap, Value } from '../../rhai/language/values.ts';
import { parseOpaqueJson } from './opaque-json.ts';

/** An object map of the entries whose value is present. */
function mapOf(entries: Record<string, Value>): RMap {
  return new Map(Object.entries(entries).filter(([, value]) => value !== undefined));
}

const optional = <T>(value: T | undefined, convert: (present: T) => Value): Value =>
  value === undefined ? undefined : convert(value);

export const toolCallForRhai = (call: ToolCall): RMap =>
  mapOf({ id: call.id, name: call.name, arguments: parseOpaqueJson(call.arguments) });

export const usageForRhai = (usage: Usage): RMap =>
  mapOf({
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.total_tokens,
  });

export const chatMessageForRhai = (message: ChatMessage): RMap =>
  mapOf({
    role: message.role,
    content: message.content,
    reasoning: message.reasoning,
    tool_call: optional(message.tool_call, toolCallForRhai),
  });

export const chatDeltaForRhai = (delta: ChatDelta): RMap =>
  mapOf({
    content: delta.content,
    reasoning: delta.reasoning,
    tool_call: optional(delta.tool_call, toolCallForRhai),
    finish_reason: delta.finish_reason,
    usage: optional(delta.usage, usageForRhai),
  });

export const chatResultForRhai = (result: ChatResult): RMap =>
  mapOf({
    content: result.content,
    reasoning: result.reasoning,
    tool_calls: result.tool_calls.map(toolCallForRhai),
    finish_reason: result.finish_reason,
    usage: optional(result.usage, usageForRhai),
  });

export const toolForRhai = (tool: Tool): RMap =>
  mapOf({
    name: tool.name,
    description: tool.description,
    input_schema: parseOpaqueJson(tool.input_schema),
    output_schema: optional(tool.output_schema, parseOpaqueJson),
  });

export const toolResultForRhai = (result: ToolResult): RMap =>
  mapOf({
    name: result.name,
    arguments: parseOpaqueJson(result.arguments),
    content: parseOpaqueJson(result.content),
    structured_content: optional(result.structured_content, parseOpaqueJson),
  });

export const resourceInfoForRhai = (info: ResourceInfo): RMap =>
  mapOf({ uri: info.uri, name: info.name, description: info.description, mime_type: info.mime_type });

export const resourceContentForRhai = (content: ResourceContent): RMap =>
  mapOf({ uri: content.uri, mime_type: content.mime_type, content: content.content });

export const endpointMessageForRhai = (message: EndpointMessage): RMap =>
  mapOf({
    session: message.session,
    messages: message.messages.map(chatMessageForRhai),
    tools: message.tools.map(toolForRhai),
    params: optional(message.params, parseOpaqueJson),
  });

export const endpointSessionEndForRhai = (end: EndpointSessionEnd): RMap =>
  mapOf({ session: end.session, error: end.error });

function eventPayloadForRhai(event: OmwEvent): Value {
  switch (event.kind) {
    case 'message':
    case 'error':
      return event.data;
    case 'timer':
    case 'reload':
    case 'shutdown':
    case 'chat-end':
      return undefined;
    case 'chat-delta':
      return chatDeltaForRhai(event.data);
    case 'tool-result':
      return toolResultForRhai(event.data);
    case 'resource-list-updated':
      return event.data.map(resourceInfoForRhai);
    case 'resource-updated':
      return resourceContentForRhai(event.data);
    case 'endpoint-message':
      return endpointMessageForRhai(event.data);
    case 'endpoint-session-end':
      return endpointSessionEndForRhai(event.data);
  }
}

/** `#{id, kind, payload}`; the payload key is there even for unit events, holding `()`. */
export const eventForRhai = (envelope: EventEnvelope): RMap =>
  new Map<string, Value>([
    ['id', envelope.id],
    ['kind', envelope.event.kind],
    ['payload', eventPayloadForRhai(envelope.event)],
  ]);
