// Generated from wit/omw.wit by `npm run gen:wit`; do not edit by hand.

export const WIT_SHAPES = {
  'role': { kind: 'variant', cases: [{ name: 'system' }, { name: 'user' }, { name: 'assistant' }, { name: 'tool' }] },
  'tool-call': { kind: 'record', fields: [{ name: 'id', type: 'string' }, { name: 'name', type: 'string' }, { name: 'arguments', type: 'string', json: true }] },
  'chat-message': { kind: 'record', fields: [{ name: 'role', type: 'role' }, { name: 'content', type: 'option<string>' }, { name: 'reasoning', type: 'option<string>' }, { name: 'tool-call', type: 'option<tool-call>' }] },
  'usage': { kind: 'record', fields: [{ name: 'prompt-tokens', type: 'option<u64>' }, { name: 'completion-tokens', type: 'option<u64>' }, { name: 'total-tokens', type: 'option<u64>' }] },
  'chat-delta': { kind: 'record', fields: [{ name: 'content', type: 'option<string>' }, { name: 'reasoning', type: 'option<string>' }, { name: 'tool-call', type: 'option<tool-call>' }, { name: 'finish-reason', type: 'option<string>' }, { name: 'usage', type: 'option<usage>' }] },
  'tool': { kind: 'record', fields: [{ name: 'name', type: 'string' }, { name: 'description', type: 'option<string>' }, { name: 'input-schema', type: 'string', json: true }, { name: 'output-schema', type: 'option<string>', json: true }] },
  'resource-info': { kind: 'record', fields: [{ name: 'uri', type: 'string' }, { name: 'name', type: 'string' }, { name: 'description', type: 'option<string>' }, { name: 'mime-type', type: 'option<string>' }] },
  'resource-content': { kind: 'record', fields: [{ name: 'uri', type: 'string' }, { name: 'mime-type', type: 'option<string>' }, { name: 'content', type: 'string' }] },
  'tool-result': { kind: 'record', fields: [{ name: 'name', type: 'string' }, { name: 'arguments', type: 'string', json: true }, { name: 'content', type: 'string', json: true }, { name: 'structured-content', type: 'option<string>', json: true }] },
  'chat-result': { kind: 'record', fields: [{ name: 'content', type: 'option<string>' }, { name: 'reasoning', type: 'option<string>' }, { name: 'tool-calls', type: 'list<tool-call>' }, { name: 'finish-reason', type: 'option<string>' }, { name: 'usage', type: 'option<usage>' }] },
  'endpoint-message': { kind: 'record', fields: [{ name: 'session', type: 'string' }, { name: 'messages', type: 'list<chat-message>' }, { name: 'tools', type: 'list<tool>' }, { name: 'params', type: 'option<string>', json: true }] },
  'endpoint-session-end': { kind: 'record', fields: [{ name: 'session', type: 'string' }, { name: 'error', type: 'option<string>' }] },
  'event': { kind: 'variant', cases: [{ name: 'message', type: 'string' }, { name: 'error', type: 'string' }, { name: 'timer' }, { name: 'reload' }, { name: 'shutdown' }, { name: 'chat-delta', type: 'chat-delta' }, { name: 'chat-end' }, { name: 'tool-result', type: 'tool-result' }, { name: 'resource-list-updated', type: 'list<resource-info>' }, { name: 'resource-updated', type: 'resource-content' }, { name: 'endpoint-message', type: 'endpoint-message' }, { name: 'endpoint-session-end', type: 'endpoint-session-end' }] },
  'event-envelope': { kind: 'record', fields: [{ name: 'id', type: 'string' }, { name: 'event', type: 'event' }] },
  'provider': { kind: 'resource' },
  'tooling': { kind: 'resource' },
} as const;
