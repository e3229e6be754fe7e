// The omw host API as the editor presents it, derived from the WIT-generated op table so that
// completion, hover docs and the JS type definitions can never drift from what the host offers.

import { HOST_OPS, type HostOp } from '../../../main/host-api/host-ops.generated.ts';

interface OpSpec {
  receiver?: 'provider' | 'tooling';
  params: readonly { name: string; type: string }[];
  result?: string;
}

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (kebab: string) => kebab.replace(/-/g, '_');
const functionOf = (op: HostOp) => op.slice(op.indexOf('.') + 1);

/** WIT types as the JS binding hands them over (docs/js-runtime.md). */
function tsType(wit: string): string {
  const inner = (prefix: string) => wit.slice(prefix.length, -1);
  if (wit.startsWith('result<')) {
    const ok = inner('result<').split(',')[0]!.trim();
    return ok === '_' ? 'void' : tsType(ok);
  }
  if (wit.startsWith('option<')) return `${tsType(inner('option<'))} | undefined`;
  if (wit === 'list<u8>') return 'number[]';
  if (wit.startsWith('list<')) return `${tsType(inner('list<'))}[]`;
  const named: Record<string, string> = {
    string: 'string',
    u64: 'number',
    bool: 'boolean',
    'chat-message': 'OmwChatMessage',
    tool: 'OmwTool',
    'chat-delta': 'OmwChatDelta',
    'chat-result': 'OmwChatResult',
    'tool-result': 'OmwToolResult',
    'resource-info': 'OmwResourceInfo',
    'resource-content': 'OmwResourceContent',
    'event-envelope': 'OmwEvent',
    provider: 'OmwProvider',
    tooling: 'OmwTooling',
  };
  return named[wit] ?? 'unknown';
}

function jsParams(spec: OpSpec): string {
  return spec.params
    .map((p) => {
      if (p.type === 'option<string>' && p.name === 'params') return 'params?: object | string';
      if (p.name === 'arguments') return 'args: unknown';
      return `${camel(p.name)}: ${tsType(p.type)}`;
    })
    .join(', ');
}

function jsSignature(op: HostOp): string {
  const spec = HOST_OPS[op] as OpSpec;
  const result = spec.result ? tsType(spec.result) : 'void';
  const canThrow = spec.result?.startsWith('result<') ? ' Throws the host error.' : '';
  return `  /** \`${op}\`.${canThrow} */\n  ${camel(functionOf(op))}(${jsParams(spec)}): ${result};`;
}

const ops = Object.keys(HOST_OPS) as HostOp[];
const hostFunctions = ops.filter((op) => op.startsWith('host.'));
const methodsOf = (receiver: 'provider' | 'tooling') =>
  ops.filter((op) => (HOST_OPS[op] as OpSpec).receiver === receiver && functionOf(op) !== 'name');

/**
 * Type definitions for the `omw` global of JavaScript brains (camelCase records, omw-compat 11;
 * the records mirror main/runtimes/js/js-shapes.ts, and test/renderer/omw-js-types.test.ts checks
 * every example brain against them).
 */
export const OMW_JS_TYPES = `
/** Opaque JSON fields are the parsed value (or the raw text when it is not JSON): typed any. */
interface OmwToolCall { id: string; name: string; arguments: any }
/** role: 'system', 'user', 'assistant' or 'tool'; a missing or unknown role is 'user'. */
interface OmwChatMessage { role?: string; content?: string; reasoning?: string; toolCall?: OmwToolCall }
interface OmwUsage { promptTokens?: number; completionTokens?: number; totalTokens?: number }
interface OmwChatDelta { content?: string; reasoning?: string; toolCall?: OmwToolCall; finishReason?: string; usage?: OmwUsage }
interface OmwChatResult { content?: string; reasoning?: string; toolCalls: OmwToolCall[]; finishReason?: string; usage?: OmwUsage }
interface OmwTool { name: string; description?: string; inputSchema?: any; outputSchema?: any }
interface OmwToolResult { name: string; arguments: any; content: any; structuredContent?: any }
interface OmwResourceInfo { uri: string; name: string; description?: string; mimeType?: string }
interface OmwResourceContent { uri: string; mimeType?: string; content: string }
interface OmwEvent { id: string; kind: 'message' | 'error' | 'timer' | 'reload' | 'shutdown' | 'chat-delta' | 'chat-end' | 'tool-result' | 'resource-list-updated' | 'resource-updated' | 'endpoint-message' | 'endpoint-session-end'; payload: any }
interface OmwProvider {
  readonly name: string;
${methodsOf('provider').map(jsSignature).join('\n')}
}
interface OmwTooling {
  readonly name: string;
${methodsOf('tooling').map(jsSignature).join('\n')}
}
interface OmwHost {
${hostFunctions.map(jsSignature).join('\n')}
  /** \`host.memory-get\`, then JSON.parse (the raw string when it is not JSON); undefined when absent. */
  memoryGetAs(key: string): any;
  /** JSON-encodes the value, then \`host.memory-set\`. */
  memorySetAs(key: string, value: unknown): void;
}
declare const omw: {
  readonly host: OmwHost;
  readonly provider: { get(name: string): OmwProvider };
  readonly tooling: { get(name: string): OmwTooling };
};
declare function print(...values: unknown[]): void;
`;

export interface RhaiApiEntry {
  /** What completion inserts after `omw::`, e.g. `host::time_now`. */
  path: string;
  signature: string;
  doc: string;
}

function rhaiEntry(op: HostOp): RhaiApiEntry {
  const spec = HOST_OPS[op] as OpSpec;
  const params = spec.params.map((p) => snake(p.name)).join(', ');
  const result = spec.result ? ` -> ${spec.result}` : '';
  const path = `host::${snake(functionOf(op))}`;
  return {
    path,
    signature: `omw::${path}(${params})${result}`,
    doc: `Calls \`${op}\`; an \`err\` result is a catchable Rhai error.`,
  };
}

/** Everything reachable under `omw::` in a Rhai brain (docs/rhai-runtime.md). */
export const OMW_RHAI_API: RhaiApiEntry[] = [
  ...hostFunctions.map(rhaiEntry),
  {
    path: 'host::memory_get_as',
    signature: 'omw::host::memory_get_as(key)',
    doc: 'Reads memory and parses its JSON; `()` when absent.',
  },
  {
    path: 'host::memory_set_as',
    signature: 'omw::host::memory_set_as(key, value)',
    doc: 'JSON-encodes the value into memory.',
  },
  {
    path: 'provider::get',
    signature: 'omw::provider::get(name)',
    doc: `A provider handle: a map with \`name\` and the methods ${methodsOf('provider')
      .map((op) => snake(functionOf(op)))
      .join(', ')}.`,
  },
  {
    path: 'tooling::get',
    signature: 'omw::tooling::get(name)',
    doc: `A tooling handle: a map with \`name\` and the methods ${methodsOf('tooling')
      .map((op) => snake(functionOf(op)))
      .join(', ')}.`,
  },
];

/** Host ops a breakpoint can hold an agent before, grouped as the breakpoint menu shows them. */
export const BREAKPOINT_OPS: HostOp[] = ops.filter((op) => !op.endsWith('.name') && !op.endsWith('.kind'));
