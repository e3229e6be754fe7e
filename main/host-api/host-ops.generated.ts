// Generated from wit/omw.wit by `npm run gen:wit`; do not edit by hand.

import type { ChatDelta, ChatMessage, ChatResult, EventEnvelope, ResourceContent, ResourceInfo, Tool, ToolResult } from './wit-types.generated.ts';

export const HOST_OPS = {
  'provider.name': { receiver: 'provider', params: [], result: 'string', },
  'provider.kind': { receiver: 'provider', params: [], result: 'string', },
  'provider.list-models': { receiver: 'provider', params: [], result: 'result<list<string>, string>', },
  'provider.chat': { receiver: 'provider', params: [{ name: 'model', type: 'string' }, { name: 'messages', type: 'list<chat-message>' }, { name: 'tools', type: 'list<tool>' }, { name: 'params', type: 'option<string>', json: true }], result: 'result<chat-result, string>', doc: "Blocks until the whole answer is there. `params` is a JSON object, merged over the provider's configured defaults.", },
  'provider.chat-stream': { receiver: 'provider', params: [{ name: 'model', type: 'string' }, { name: 'messages', type: 'list<chat-message>' }, { name: 'tools', type: 'list<tool>' }, { name: 'params', type: 'option<string>', json: true }], result: 'result<string, string>', doc: "Returns the stream UUID at once; deltas arrive in the inbox as `chat-delta` events, followed by `chat-end` or `error`.", },
  'provider.is-open': { receiver: 'provider', params: [{ name: 'uuid', type: 'string' }], result: 'bool', },
  'provider.cancel': { receiver: 'provider', params: [{ name: 'uuid', type: 'string' }], },
  'provider.get': { params: [{ name: 'name', type: 'string' }], result: 'result<provider, string>', doc: "Looks up a provider by its configured name.", },
  'tooling.name': { receiver: 'tooling', params: [], result: 'string', },
  'tooling.kind': { receiver: 'tooling', params: [], result: 'string', },
  'tooling.list-tools': { receiver: 'tooling', params: [], result: 'result<list<tool>, string>', },
  'tooling.call-tool': { receiver: 'tooling', params: [{ name: 'name', type: 'string' }, { name: 'arguments', type: 'string', json: true }], result: 'result<string, string>', doc: "Queues the call and returns its UUID; the answer arrives as a `tool-result` or `error` event.", },
  'tooling.is-open': { receiver: 'tooling', params: [{ name: 'uuid', type: 'string' }], result: 'bool', },
  'tooling.cancel': { receiver: 'tooling', params: [{ name: 'uuid', type: 'string' }], },
  'tooling.call-tool-blocking': { receiver: 'tooling', params: [{ name: 'name', type: 'string' }, { name: 'arguments', type: 'string', json: true }], result: 'result<tool-result, string>', doc: "Calls the tool and waits for its result.", },
  'tooling.list-resources': { receiver: 'tooling', params: [], result: 'result<list<resource-info>, string>', },
  'tooling.read-resource': { receiver: 'tooling', params: [{ name: 'uri', type: 'string' }], result: 'result<resource-content, string>', },
  'tooling.subscribe-resource-list': { receiver: 'tooling', params: [], result: 'result<string, string>', },
  'tooling.unsubscribe-resource-list': { receiver: 'tooling', params: [{ name: 'uuid', type: 'string' }], },
  'tooling.subscribe-resource': { receiver: 'tooling', params: [{ name: 'uri', type: 'string' }], result: 'result<string, string>', },
  'tooling.unsubscribe-resource': { receiver: 'tooling', params: [{ name: 'uuid', type: 'string' }], },
  'tooling.get': { params: [{ name: 'name', type: 'string' }], result: 'result<tooling, string>', doc: "Looks up a tool server by its configured name.", },
  'host.log': { params: [{ name: 'level', type: 'string' }, { name: 'message', type: 'string' }], doc: "`level` is trace, debug, info, warn or error; anything else counts as info.", },
  'host.whoami': { params: [], result: 'string', doc: "The calling agent's name.", },
  'host.time-now': { params: [], result: 'u64', doc: "Milliseconds since the Unix epoch.", },
  'host.time-format': { params: [{ name: 'ts', type: 'u64' }, { name: 'format', type: 'string' }], result: 'string', doc: "strftime-style formatting in UTC; an empty string for a timestamp out of range.", },
  'host.wait-until': { params: [{ name: 'ts', type: 'u64' }], result: 'result<string, string>', doc: "Timers return their UUID at once and deliver a `timer` event when they fire.", },
  'host.wait-for': { params: [{ name: 'ms', type: 'u64' }], result: 'result<string, string>', },
  'host.wait-cron': { params: [{ name: 'spec', type: 'string' }], result: 'result<string, string>', doc: "Six or seven fields, seconds first, evaluated in UTC.", },
  'host.cancel-timer': { params: [{ name: 'uuid', type: 'string' }], },
  'host.sleep-for': { params: [{ name: 'ms', type: 'u64' }], doc: "Sleeps block the brain and deliver nothing.", },
  'host.sleep-until': { params: [{ name: 'ts', type: 'u64' }], result: 'result<_, string>', },
  'host.sleep-cron': { params: [{ name: 'spec', type: 'string' }], result: 'result<_, string>', },
  'host.subscribe-lifecycle': { params: [], result: 'result<string, string>', doc: "One lifecycle subscription per run; it receives reload, shutdown and reload-failure events.", },
  'host.unsubscribe-lifecycle': { params: [{ name: 'uuid', type: 'string' }], },
  'host.subscribe-agent': { params: [{ name: 'agent', type: 'string' }], result: 'result<string, string>', doc: "Listens to messages that `agent` sends to this agent.", },
  'host.unsubscribe-agent': { params: [{ name: 'uuid', type: 'string' }], },
  'host.subscribe-endpoint': { params: [{ name: 'model', type: 'string' }], result: 'result<string, string>', doc: "Serves `model` on the configured endpoint.", },
  'host.unsubscribe-endpoint': { params: [{ name: 'uuid', type: 'string' }], },
  'host.stream-endpoint': { params: [{ name: 'session', type: 'string' }, { name: 'delta', type: 'chat-delta' }], result: 'result<_, string>', doc: "Queues one reply delta for an endpoint session; a delta with a finish reason ends it.", },
  'host.send-agent': { params: [{ name: 'agent', type: 'string' }, { name: 'payload', type: 'string' }], doc: "Delivered only if `agent` subscribed to the caller.", },
  'host.recv': { params: [], result: 'result<event-envelope, string>', doc: "Blocks until an event arrives or the receive timeout passes.", },
  'host.try-recv': { params: [], result: 'result<option<event-envelope>, string>', },
  'host.new-uuid': { params: [], result: 'string', },
  'host.base64-encode': { params: [{ name: 'bytes', type: 'list<u8>' }], result: 'string', },
  'host.base64-decode': { params: [{ name: 'data', type: 'string' }], result: 'result<list<u8>, string>', },
  'host.memory-get': { params: [{ name: 'key', type: 'string' }], result: 'option<string>', doc: "The agent's own key/value memory.", },
  'host.memory-set': { params: [{ name: 'key', type: 'string' }, { name: 'value', type: 'string' }], },
  'host.memory-remove': { params: [{ name: 'key', type: 'string' }], result: 'bool', },
} as const;

/** `<interface>.<function>` of every host import, e.g. `provider.chat-stream`. */
export type HostOp = keyof typeof HOST_OPS;

/**
 * The canonical arguments of every host op and what its host call answers: the `ok` value of a
 * WIT result (its `err` arm is thrown as a HostCallError). A resource method takes the configured
 * name of its receiver first; a resource is its name.
 */
export interface HostOpTypes {
  'provider.name': { args: [receiver: string]; answer: string };
  'provider.kind': { args: [receiver: string]; answer: string };
  'provider.list-models': { args: [receiver: string]; answer: string[] };
  'provider.chat': { args: [receiver: string, model: string, messages: ChatMessage[], tools: Tool[], params: string | undefined]; answer: ChatResult };
  'provider.chat-stream': { args: [receiver: string, model: string, messages: ChatMessage[], tools: Tool[], params: string | undefined]; answer: string };
  'provider.is-open': { args: [receiver: string, uuid: string]; answer: boolean };
  'provider.cancel': { args: [receiver: string, uuid: string]; answer: void };
  'provider.get': { args: [name: string]; answer: string };
  'tooling.name': { args: [receiver: string]; answer: string };
  'tooling.kind': { args: [receiver: string]; answer: string };
  'tooling.list-tools': { args: [receiver: string]; answer: Tool[] };
  'tooling.call-tool': { args: [receiver: string, name: string, arguments: string]; answer: string };
  'tooling.is-open': { args: [receiver: string, uuid: string]; answer: boolean };
  'tooling.cancel': { args: [receiver: string, uuid: string]; answer: void };
  'tooling.call-tool-blocking': { args: [receiver: string, name: string, arguments: string]; answer: ToolResult };
  'tooling.list-resources': { args: [receiver: string]; answer: ResourceInfo[] };
  'tooling.read-resource': { args: [receiver: string, uri: string]; answer: ResourceContent };
  'tooling.subscribe-resource-list': { args: [receiver: string]; answer: string };
  'tooling.unsubscribe-resource-list': { args: [receiver: string, uuid: string]; answer: void };
  'tooling.subscribe-resource': { args: [receiver: string, uri: string]; answer: string };
  'tooling.unsubscribe-resource': { args: [receiver: string, uuid: string]; answer: void };
  'tooling.get': { args: [name: string]; answer: string };
  'host.log': { args: [level: string, message: string]; answer: void };
  'host.whoami': { args: []; answer: string };
  'host.time-now': { args: []; answer: number };
  'host.time-format': { args: [ts: number, format: string]; answer: string };
  'host.wait-until': { args: [ts: number]; answer: string };
  'host.wait-for': { args: [ms: number]; answer: string };
  'host.wait-cron': { args: [spec: string]; answer: string };
  'host.cancel-timer': { args: [uuid: string]; answer: void };
  'host.sleep-for': { args: [ms: number]; answer: void };
  'host.sleep-until': { args: [ts: number]; answer: void };
  'host.sleep-cron': { args: [spec: string]; answer: void };
  'host.subscribe-lifecycle': { args: []; answer: string };
  'host.unsubscribe-lifecycle': { args: [uuid: string]; answer: void };
  'host.subscribe-agent': { args: [agent: string]; answer: string };
  'host.unsubscribe-agent': { args: [uuid: string]; answer: void };
  'host.subscribe-endpoint': { args: [model: string]; answer: string };
  'host.unsubscribe-endpoint': { args: [uuid: string]; answer: void };
  'host.stream-endpoint': { args: [session: string, delta: ChatDelta]; answer: void };
  'host.send-agent': { args: [agent: string, payload: string]; answer: void };
  'host.recv': { args: []; answer: EventEnvelope };
  'host.try-recv': { args: []; answer: EventEnvelope | undefined };
  'host.new-uuid': { args: []; answer: string };
  'host.base64-encode': { args: [bytes: Uint8Array]; answer: string };
  'host.base64-decode': { args: [data: string]; answer: Uint8Array };
  'host.memory-get': { args: [key: string]; answer: string | undefined };
  'host.memory-set': { args: [key: string, value: string]; answer: void };
  'host.memory-remove': { args: [key: string]; answer: boolean };
}

export type HostOpArgs<Op extends HostOp> = HostOpTypes[Op]['args'];
export type HostOpAnswer<Op extends HostOp> = HostOpTypes[Op]['answer'];
