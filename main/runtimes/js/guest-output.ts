// Canonical (snake_case, wit-types.ts) values to the camelCase records a JavaScript brain sees.

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
import type {
  JsChatDelta,
  JsChatMessage,
  JsChatResult,
  JsEndpointMessage,
  JsEndpointSessionEnd,
  JsEvent,
  JsResourceContent,
  JsResourceInfo,
  JsTool,
  JsToolCall,
  JsToolResult,
  JsUsage,
} from './js-shapes.ts';
import { parseOpaqueJson } from './opaque-json.ts';

/** Drops keys whose value is undefined: an absent WIT option is an absent property, not `undefined`. */
function withoutAbsent<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

const optional = <T, R>(value: T | undefined, convert: (present: T) => R): R | undefined =>
  value === undefined ? undefined : convert(value);

export const toolCallForGuest = (call: ToolCall): JsToolCall => ({
  id: call.id,
  name: call.name,
  arguments: parseOpaqueJson(call.arguments),
});

export const usageForGuest = (usage: Usage): JsUsage =>
  withoutAbsent({
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens,
  });

export const chatMessageForGuest = (message: ChatMessage): JsChatMessage =>
  withoutAbsent({
    role: message.role,
    content: message.content,
    reasoning: message.reasoning,
    toolCall: optional(message.tool_call, toolCallForGuest),
  });

export const chatDeltaForGuest = (delta: ChatDelta): JsChatDelta =>
  withoutAbsent({
    content: delta.content,
    reasoning: delta.reasoning,
    toolCall: optional(delta.tool_call, toolCallForGuest),
    finishReason: delta.finish_reason,
    usage: optional(delta.usage, usageForGuest),
  });

export const chatResultForGuest = (result: ChatResult): JsChatResult =>
  withoutAbsent({
    content: result.content,
    reasoning: result.reasoning,
    toolCalls: result.tool_calls.map(toolCallForGuest),
    finishReason: result.finish_reason,
    usage: optional(result.usage, usageForGuest),
  });

export const toolForGuest = (tool: Tool): JsTool =>
  withoutAbsent({
    name: tool.name,
    description: tool.description,
    inputSchema: parseOpaqueJson(tool.input_schema),
    outputSchema: optional(tool.output_schema, parseOpaqueJson),
  });

export const toolResultForGuest = (result: ToolResult): JsToolResult =>
  withoutAbsent({
    name: result.name,
    arguments: parseOpaqueJson(result.arguments),
    content: parseOpaqueJson(result.content),
    structuredContent: optional(result.structured_content, parseOpaqueJson),
  });

export const resourceInfoForGuest = (info: ResourceInfo): JsResourceInfo =>
  withoutAbsent({ uri: info.uri, name: info.name, description: info.description, mimeType: info.mime_type });

export const resourceContentForGuest = (content: ResourceContent): JsResourceContent =>
  withoutAbsent({ uri: content.uri, mimeType: content.mime_type, content: content.content });

export const endpointMessageForGuest = (message: EndpointMessage): JsEndpointMessage =>
  withoutAbsent({
    session: message.session,
    messages: message.messages.map(chatMessageForGuest),
    tools: message.tools.map(toolForGuest),
    params: optional(message.params, parseOpaqueJson),
  });

export const endpointSessionEndForGuest = (end: EndpointSessionEnd): JsEndpointSessionEnd =>
  withoutAbsent({ session: end.session, error: end.error });

function eventPayloadForGuest(event: OmwEvent): unknown {
  switch (event.kind) {
    case 'message':
    case 'error':
      return event.data;
    case 'timer':
    case 'reload':
    case 'shutdown':
    case 'chat-end':
      return null;
    case 'chat-delta':
      return chatDeltaForGuest(event.data);
    case 'tool-result':
      return toolResultForGuest(event.data);
    case 'resource-list-updated':
      return event.data.map(resourceInfoForGuest);
    case 'resource-updated':
      return resourceContentForGuest(event.data);
    case 'endpoint-message':
      return endpointMessageForGuest(event.data);
    case 'endpoint-session-end':
      return endpointSessionEndForGuest(event.data);
  }
}

export const eventForGuest = (envelope: EventEnvelope): JsEvent => ({
  id: envelope.id,
  kind: envelope.event.kind,
  payload: eventPayloadForGuest(envelope.event),
});
