// Generated from wit/omw.wit by `npm run gen:wit`; do not edit by hand.
//
// The values of the omw:omw world as they travel inside Brainbench: between the engines, the
// bridge, the host, the trace and the assertion engine. Field names are omw's Rust (serde) names
// in snake_case; an absent WIT option is an absent field. Each binding converts at its own edge.

/** Who wrote a chat message. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/**
 * A function call the model asked for.
 * JSON text: arguments.
 */
export interface ToolCall {
  id: string;
  name: string;
  /** JSON text. */
  arguments: string;
}

export interface ChatMessage {
  role: Role;
  content?: string;
  reasoning?: string;
  tool_call?: ToolCall;
}

export interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

/** One streamed piece of a chat answer. */
export interface ChatDelta {
  content?: string;
  reasoning?: string;
  tool_call?: ToolCall;
  finish_reason?: string;
  usage?: Usage;
}

/**
 * A tool a model may call.
 * JSON text: input-schema, output-schema.
 */
export interface Tool {
  name: string;
  description?: string;
  /** JSON text. */
  input_schema: string;
  /** JSON text. */
  output_schema?: string;
}

export interface ResourceInfo {
  uri: string;
  name: string;
  description?: string;
  mime_type?: string;
}

/** `content` is text for textual MIME types and base64 for everything else. */
export interface ResourceContent {
  uri: string;
  mime_type?: string;
  content: string;
}

/**
 * `arguments` is what the call was made with, `content` the MCP content-block array,
 * `structured-content` present when the tool returned any.
 * JSON text: arguments, content, structured-content.
 */
export interface ToolResult {
  name: string;
  /** JSON text. */
  arguments: string;
  /** JSON text. */
  content: string;
  /** JSON text. */
  structured_content?: string;
}

/** The assembled answer of a blocking chat. */
export interface ChatResult {
  content?: string;
  reasoning?: string;
  tool_calls: ToolCall[];
  finish_reason?: string;
  usage?: Usage;
}

/**
 * A client request routed to a brain that serves an endpoint model.
 * JSON text: params.
 */
export interface EndpointMessage {
  session: string;
  messages: ChatMessage[];
  tools: Tool[];
  /** JSON text. */
  params?: string;
}

export interface EndpointSessionEnd {
  session: string;
  error?: string;
}

/** Everything that can arrive in an agent's inbox. */
export type OmwEvent =
  | { kind: 'message'; data: string }
  | { kind: 'error'; data: string }
  | { kind: 'timer' }
  | { kind: 'reload' }
  | { kind: 'shutdown' }
  | { kind: 'chat-delta'; data: ChatDelta }
  | { kind: 'chat-end' }
  | { kind: 'tool-result'; data: ToolResult }
  | { kind: 'resource-list-updated'; data: ResourceInfo[] }
  | { kind: 'resource-updated'; data: ResourceContent }
  | { kind: 'endpoint-message'; data: EndpointMessage }
  | { kind: 'endpoint-session-end'; data: EndpointSessionEnd };

/** An inbox entry; `id` is the UUID of the source that produced the event. */
export interface EventEnvelope {
  id: string;
  event: OmwEvent;
}

/** The case names of OmwEvent. */
export type OmwEventKind = OmwEvent['kind'];
