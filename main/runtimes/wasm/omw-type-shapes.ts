// The compound types of omw:omw/types, written out so that values can be converted between the
// canonical host shapes (wit-types.ts) and jco's by walking the WIT type of each host-call
// argument and result (host-ops.generated.ts keeps those as WIT source text).

/** Field name (kebab-case, as in the WIT) to its WIT type. */
type RecordShape = Readonly<Record<string, string>>;

/** Case name to its payload's WIT type, or undefined for a case without payload. */
type VariantShape = Readonly<Record<string, string | undefined>>;

export const RECORDS: Readonly<Record<string, RecordShape>> = {
  'tool-call': { id: 'string', name: 'string', arguments: 'string' },
  'chat-message': {
    role: 'role',
    content: 'option<string>',
    reasoning: 'option<string>',
    'tool-call': 'option<tool-call>',
  },
  usage: {
    'prompt-tokens': 'option<u64>',
    'completion-tokens': 'option<u64>',
    'total-tokens': 'option<u64>',
  },
  'chat-delta': {
    content: 'option<string>',
    reasoning: 'option<string>',
    'tool-call': 'option<tool-call>',
    'finish-reason': 'option<string>',
    usage: 'option<usage>',
  },
  tool: {
    name: 'string',
    description: 'option<string>',
    'input-schema': 'string',
    'output-schema': 'option<string>',
  },
  'resource-info': { uri: 'string', name: 'string', description: 'option<string>', 'mime-type': 'option<string>' },
  'resource-content': { uri: 'string', 'mime-type': 'option<string>', content: 'string' },
  'tool-result': {
    name: 'string',
    arguments: 'string',
    content: 'string',
    'structured-content': 'option<string>',
  },
  'chat-result': {
    content: 'option<string>',
    reasoning: 'option<string>',
    'tool-calls': 'list<tool-call>',
    'finish-reason': 'option<string>',
    usage: 'option<usage>',
  },
  'endpoint-message': {
    session: 'string',
    messages: 'list<chat-message>',
    tools: 'list<tool>',
    params: 'option<string>',
  },
  'endpoint-session-end': { session: 'string', error: 'option<string>' },
  'event-envelope': { id: 'string', event: 'event' },
};

export const VARIANTS: Readonly<Record<string, VariantShape>> = {
  role: { system: undefined, user: undefined, assistant: undefined, tool: undefined },
  event: {
    message: 'string',
    error: 'string',
    timer: undefined,
    reload: undefined,
    shutdown: undefined,
    'chat-delta': 'chat-delta',
    'chat-end': undefined,
    'tool-result': 'tool-result',
    'resource-list-updated': 'list<resource-info>',
    'resource-updated': 'resource-content',
    'endpoint-message': 'endpoint-message',
    'endpoint-session-end': 'endpoint-session-end',
  },
};
