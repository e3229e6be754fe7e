// Canonical values (wit-types.ts) as a brain sees them, written once for every binding: which
// fields a record has, which hold opaque JSON text to parse, and what an event's payload is. Each
// binding supplies only its representation: how it names a field, builds a record, and parses JSON.

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
} from '../host-api/wit-types.ts';

export interface GuestRepresentation<V> {
  /** The binding's name for a snake_case WIT field (`tool_call` or `toolCall`). */
  key(field: string): string;
  /** A record of the given entries; an undefined value is an absent WIT option, not a field. */
  record(entries: [string, V | undefined][]): V;
  /** `{id, kind, payload}` as the binding hands an event to the brain. */
  envelope(id: string, kind: string, payload: V | undefined): V;
  /** JSON text parsed into the binding's values; text that is not JSON stays a string. */
  opaqueJson(text: string): V;
}

export interface GuestRecords<V> {
  toolCall(call: ToolCall): V;
  usage(usage: Usage): V;
  chatMessage(message: ChatMessage): V;
  chatDelta(delta: ChatDelta): V;
  chatResult(result: ChatResult): V;
  tool(tool: Tool): V;
  toolResult(result: ToolResult): V;
  resourceInfo(info: ResourceInfo): V;
  resourceContent(content: ResourceContent): V;
  endpointMessage(message: EndpointMessage): V;
  endpointSessionEnd(end: EndpointSessionEnd): V;
  event(envelope: EventEnvelope): V;
}

export function guestRecords<V>(rep: GuestRepresentation<V>): GuestRecords<V> {
  const record = (fields: Record<string, V | undefined>): V =>
    rep.record(Object.entries(fields).map(([field, value]) => [rep.key(field), value]));
  const optional = <T>(value: T | undefined, convert: (present: T) => V): V | undefined =>
    value === undefined ? undefined : convert(value);
  const text = (value: string | undefined) => value as V | undefined;
  const count = (value: number | undefined) => value as V | undefined;
  const list = <T>(items: readonly T[], convert: (item: T) => V): V => items.map(convert) as V;

  const toolCall = (call: ToolCall): V =>
    record({ id: text(call.id), name: text(call.name), arguments: rep.opaqueJson(call.arguments) });
  const usage = (u: Usage): V =>
    record({
      prompt_tokens: count(u.prompt_tokens),
      completion_tokens: count(u.completion_tokens),
      total_tokens: count(u.total_tokens),
    });
  const chatMessage = (message: ChatMessage): V =>
    record({
      role: text(message.role),
      content: text(message.content),
      reasoning: text(message.reasoning),
      tool_call: optional(message.tool_call, toolCall),
    });
  const chatDelta = (delta: ChatDelta): V =>
    record({
      content: text(delta.content),
      reasoning: text(delta.reasoning),
      tool_call: optional(delta.tool_call, toolCall),
      finish_reason: text(delta.finish_reason),
      usage: optional(delta.usage, usage),
    });
  const chatResult = (result: ChatResult): V =>
    record({
      content: text(result.content),
      reasoning: text(result.reasoning),
      tool_calls: list(result.tool_calls, toolCall),
      finish_reason: text(result.finish_reason),
      usage: optional(result.usage, usage),
    });
  const tool = (t: Tool): V =>
    record({
      name: text(t.name),
      description: text(t.description),
      input_schema: rep.opaqueJson(t.input_schema),
      output_schema: optional(t.output_schema, rep.opaqueJson),
    });
  const toolResult = (result: ToolResult): V =>
    record({
      name: text(result.name),
      arguments: rep.opaqueJson(result.arguments),
      content: rep.opaqueJson(result.content),
      structured_content: optional(result.structured_content, rep.opaqueJson),
    });
  const resourceInfo = (info: ResourceInfo): V =>
    record({
      uri: text(info.uri),
      name: text(info.name),
      description: text(info.description),
      mime_type: text(info.mime_type),
    });
  const resourceContent = (content: ResourceContent): V =>
    record({ uri: text(content.uri), mime_type: text(content.mime_type), content: text(content.content) });
  const endpointMessage = (message: EndpointMessage): V =>
    record({
      session: text(message.session),
      messages: list(message.messages, chatMessage),
      tools: list(message.tools, tool),
      params: optional(message.params, rep.opaqueJson),
    });
  const endpointSessionEnd = (end: EndpointSessionEnd): V =>
    record({ session: text(end.session), error: text(end.error) });

  /** The payload is a string for message and error, nothing for unit events, a record otherwise. */
  const payload = (event: OmwEvent): V | undefined => {
    switch (event.kind) {
      case 'message':
      case 'error':
        return text(event.data);
      case 'timer':
      case 'reload':
      case 'shutdown':
      case 'chat-end':
        return undefined;
      case 'chat-delta':
        return chatDelta(event.data);
      case 'tool-result':
        return toolResult(event.data);
      case 'resource-list-updated':
        return list(event.data, resourceInfo);
      case 'resource-updated':
        return resourceContent(event.data);
      case 'endpoint-message':
        return endpointMessage(event.data);
      case 'endpoint-session-end':
        return endpointSessionEnd(event.data);
    }
  };
  const event = (envelope: EventEnvelope): V => rep.envelope(envelope.id, envelope.event.kind, payload(envelope.event));

  return {
    toolCall,
    usage,
    chatMessage,
    chatDelta,
    chatResult,
    tool,
    toolResult,
    resourceInfo,
    resourceContent,
    endpointMessage,
    endpointSessionEnd,
    event,
  };
}
