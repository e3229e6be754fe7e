// The records a JavaScript brain receives: omw's current camelCase shapes (omw-compat 11).
// Fields typed `unknown` are opaque JSON: the parsed value, or the raw text when it was not JSON.

import type { OmwEventKind, Role } from '../../host-api/wit-types.ts';

export interface JsToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

export interface JsChatMessage {
  role: Role;
  content?: string;
  reasoning?: string;
  toolCall?: JsToolCall;
}

export interface JsUsage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}

export interface JsChatDelta {
  content?: string;
  reasoning?: string;
  toolCall?: JsToolCall;
  finishReason?: string;
  usage?: JsUsage;
}

export interface JsTool {
  name: string;
  description?: string;
  inputSchema: unknown;
  outputSchema?: unknown;
}

export interface JsResourceInfo {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

export interface JsResourceContent {
  uri: string;
  mimeType?: string;
  content: string;
}

export interface JsToolResult {
  name: string;
  arguments: unknown;
  content: unknown;
  structuredContent?: unknown;
}

export interface JsChatResult {
  content?: string;
  reasoning?: string;
  toolCalls: JsToolCall[];
  finishReason?: string;
  usage?: JsUsage;
}

export interface JsEndpointMessage {
  session: string;
  messages: JsChatMessage[];
  tools: JsTool[];
  params?: unknown;
}

export interface JsEndpointSessionEnd {
  session: string;
  error?: string;
}

/** An inbox entry: `payload` is a string for message/error, null for unit events, else a record. */
export interface JsEvent {
  id: string;
  kind: OmwEventKind;
  payload: unknown;
}
