// The values of the omw:omw world as they travel inside Brainbench: between the engines, the
// bridge, the host, the trace and the assertion engine. Field names follow omw's Rust (serde)
// names in snake_case; optional WIT fields are absent (undefined) when they have no value.
// Each binding (JS camelCase, Rhai maps, jco records) converts at its own edge.

export type Role = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  /** Raw JSON text. */
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

export interface ChatDelta {
  content?: string;
  reasoning?: string;
  tool_call?: ToolCall;
  finish_reason?: string;
  usage?: Usage;
}

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

export interface ResourceContent {
  uri: string;
  mime_type?: string;
  content: string;
}

export interface ToolResult {
  name: string;
  /** JSON text of the arguments as passed. */
  arguments: string;
  /** JSON text of the MCP content-block array. */
  content: string;
  /** JSON text. */
  structured_content?: string;
}

export interface ChatResult {
  content?: string;
  reasoning?: string;
  tool_calls: ToolCall[];
  finish_reason?: string;
  usage?: Usage;
}

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

export type OmwEventKind = OmwEvent['kind'];

export interface EventEnvelope {
  /** UUID of the subscription, stream, timer, call or handle that produced the event. */
  id: string;
  event: OmwEvent;
}

/** What one iteration of a brain ended with. `failed` is Brainbench's name for omw's error case. */
export type RunOutcome = 'completed' | { exited: string };
