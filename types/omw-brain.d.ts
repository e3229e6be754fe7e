// The `omw` global of JavaScript brains (omw-compat 11), as Brainbench's editor types it.
// Generated from wit/omw.wit by `npm run gen:types`; do not edit by hand.
//
// Use it from your own tsconfig.json, next to brains written in JavaScript (with "checkJs") or
// TypeScript: add this file to "files" (or "include"), set "lib": ["es2020"] and "types": [],
// and treat each brain as a module ("moduleDetection": "force") so that brains do not share names.

/* eslint-disable @typescript-eslint/no-explicit-any -- opaque JSON is whatever the brain finds in it */

/** Opaque JSON fields are the parsed value (or the raw text when it is not JSON): typed any. */
interface OmwToolCall {
  id: string;
  name: string;
  arguments: any;
}
interface OmwChatMessage {
  role?: string;
  content?: string;
  reasoning?: string;
  toolCall?: OmwToolCall;
}
interface OmwUsage {
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}
interface OmwChatDelta {
  content?: string;
  reasoning?: string;
  toolCall?: OmwToolCall;
  finishReason?: string;
  usage?: OmwUsage;
}
interface OmwTool {
  name: string;
  description?: string;
  inputSchema?: any;
  outputSchema?: any;
}
interface OmwResourceInfo {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}
interface OmwResourceContent {
  uri: string;
  mimeType?: string;
  content: string;
}
interface OmwToolResult {
  name: string;
  arguments: any;
  content: any;
  structuredContent?: any;
}
interface OmwChatResult {
  content?: string;
  reasoning?: string;
  toolCalls: OmwToolCall[];
  finishReason?: string;
  usage?: OmwUsage;
}
interface OmwEndpointMessage {
  session: string;
  messages: OmwChatMessage[];
  tools: OmwTool[];
  params?: any;
}
interface OmwEndpointSessionEnd {
  session: string;
  error?: string;
}
/** An inbox entry: `payload` is a string for message and error, null for unit events, else a record. */
interface OmwEvent {
  id: string;
  kind:
    | 'message'
    | 'error'
    | 'timer'
    | 'reload'
    | 'shutdown'
    | 'chat-delta'
    | 'chat-end'
    | 'tool-result'
    | 'resource-list-updated'
    | 'resource-updated'
    | 'endpoint-message'
    | 'endpoint-session-end';
  payload: any;
}
interface OmwProvider {
  readonly name: string;
  /** `provider.kind`. */
  kind(): string;
  /** `provider.list-models`. Throws the host error. */
  listModels(): string[];
  /** `provider.chat`. Blocks until the whole answer is there. `params` is a JSON object, merged over the provider's configured defaults. Throws the host error. */
  chat(model: string, messages: OmwChatMessage[], tools?: OmwTool[], params?: object | string): OmwChatResult;
  /** `provider.chat-stream`. Returns the stream UUID at once; deltas arrive in the inbox as `chat-delta` events, followed by `chat-end` or `error`. Throws the host error. */
  chatStream(model: string, messages: OmwChatMessage[], tools?: OmwTool[], params?: object | string): string;
  /** `provider.is-open`. */
  isOpen(uuid: string): boolean;
  /** `provider.cancel`. */
  cancel(uuid: string): void;
}
interface OmwTooling {
  readonly name: string;
  /** `tooling.kind`. */
  kind(): string;
  /** `tooling.list-tools`. Throws the host error. */
  listTools(): OmwTool[];
  /** `tooling.call-tool`. Queues the call and returns its UUID; the answer arrives as a `tool-result` or `error` event. Throws the host error. */
  callTool(name: string, args: unknown): string;
  /** `tooling.is-open`. */
  isOpen(uuid: string): boolean;
  /** `tooling.cancel`. */
  cancel(uuid: string): void;
  /** `tooling.call-tool-blocking`. Calls the tool and waits for its result. Throws the host error. */
  callToolBlocking(name: string, args: unknown): OmwToolResult;
  /** `tooling.list-resources`. Throws the host error. */
  listResources(): OmwResourceInfo[];
  /** `tooling.read-resource`. Throws the host error. */
  readResource(uri: string): OmwResourceContent;
  /** `tooling.subscribe-resource-list`. Throws the host error. */
  subscribeResourceList(): string;
  /** `tooling.unsubscribe-resource-list`. */
  unsubscribeResourceList(uuid: string): void;
  /** `tooling.subscribe-resource`. Throws the host error. */
  subscribeResource(uri: string): string;
  /** `tooling.unsubscribe-resource`. */
  unsubscribeResource(uuid: string): void;
}
interface OmwHost {
  /** `host.log`. `level` is trace, debug, info, warn or error; anything else counts as info. */
  log(level: string, message: string): void;
  /** `host.whoami`. The calling agent's name. */
  whoami(): string;
  /** `host.time-now`. Milliseconds since the Unix epoch. */
  timeNow(): number;
  /** `host.time-format`. strftime-style formatting in UTC; an empty string for a timestamp out of range. */
  timeFormat(ts: number, format: string): string;
  /** `host.wait-until`. Timers return their UUID at once and deliver a `timer` event when they fire. Throws the host error. */
  waitUntil(ts: number): string;
  /** `host.wait-for`. Throws the host error. */
  waitFor(ms: number): string;
  /** `host.wait-cron`. Six or seven fields, seconds first, evaluated in UTC. Throws the host error. */
  waitCron(spec: string): string;
  /** `host.cancel-timer`. */
  cancelTimer(uuid: string): void;
  /** `host.sleep-for`. Sleeps block the brain and deliver nothing. */
  sleepFor(ms: number): void;
  /** `host.sleep-until`. Throws the host error. */
  sleepUntil(ts: number): void;
  /** `host.sleep-cron`. Throws the host error. */
  sleepCron(spec: string): void;
  /** `host.subscribe-lifecycle`. One lifecycle subscription per run; it receives reload, shutdown and reload-failure events. Throws the host error. */
  subscribeLifecycle(): string;
  /** `host.unsubscribe-lifecycle`. */
  unsubscribeLifecycle(uuid: string): void;
  /** `host.subscribe-agent`. Listens to messages that `agent` sends to this agent. Throws the host error. */
  subscribeAgent(agent: string): string;
  /** `host.unsubscribe-agent`. */
  unsubscribeAgent(uuid: string): void;
  /** `host.subscribe-endpoint`. Serves `model` on the configured endpoint. Throws the host error. */
  subscribeEndpoint(model: string): string;
  /** `host.unsubscribe-endpoint`. */
  unsubscribeEndpoint(uuid: string): void;
  /** `host.stream-endpoint`. Queues one reply delta for an endpoint session; a delta with a finish reason ends it. Throws the host error. */
  streamEndpoint(session: string, delta: OmwChatDelta): void;
  /** `host.send-agent`. Delivered only if `agent` subscribed to the caller. */
  sendAgent(agent: string, payload: string): void;
  /** `host.recv`. Blocks until an event arrives or the receive timeout passes. Throws the host error. */
  recv(): OmwEvent;
  /** `host.try-recv`. Throws the host error. */
  tryRecv(): OmwEvent | undefined;
  /** `host.new-uuid`. */
  newUuid(): string;
  /** `host.base64-encode`. */
  base64Encode(bytes: number[]): string;
  /** `host.base64-decode`. Throws the host error. */
  base64Decode(data: string): number[];
  /** `host.memory-get`. The agent's own key/value memory. */
  memoryGet(key: string): string | undefined;
  /** `host.memory-set`. */
  memorySet(key: string, value: string): void;
  /** `host.memory-remove`. */
  memoryRemove(key: string): boolean;
  /** `host.memory-get`, then JSON.parse (the raw string when it is not JSON); undefined when absent. */
  memoryGetAs(key: string): any;
  /** JSON-encodes the value, then `host.memory-set`. */
  memorySetAs(key: string, value: unknown): void;
}
declare const omw: {
  readonly host: OmwHost;
  readonly provider: { get(name: string): OmwProvider };
  readonly tooling: { get(name: string): OmwTooling };
};
declare function print(...values: unknown[]): void;
