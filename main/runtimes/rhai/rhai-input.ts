// Values a Rhai brain passes to the host, converted to the canonical shapes of wit-types.ts.
// Records are object maps with snake_case keys; unit `()` or a missing key is an absent field.
// A value the binding cannot use is a Rhai runtime error the script may catch; `arg` names it.

import type { ChatDelta, ChatMessage, Role, Tool, ToolCall, Usage } from '../../host-api/wit-types.ts';
import { runtimeError } from '../../rhai/language/types/errors.ts';
import { Blob, typeOf, type RMap, type Value } from '../../rhai/language/types/values.ts';
import { opaqueJsonFromRhai } from './opaque-json.ts';

const ROLES: ReadonlySet<string> = new Set<Role>(['system', 'user', 'assistant', 'tool']);

const mismatch = (arg: string, expected: string, value: Value): Error =>
  runtimeError(`${arg}: expected ${expected}, got ${typeOf(value)}`);

function requireMap(value: Value, arg: string): RMap {
  if (!(value instanceof Map)) throw mismatch(arg, 'an object map', value);
  return value;
}

function requireArray(value: Value, arg: string): Value[] {
  if (!Array.isArray(value)) throw mismatch(arg, 'an array', value);
  return value;
}

export function requireString(value: Value, arg: string): string {
  if (typeof value !== 'string') throw mismatch(arg, 'a string', value);
  return value;
}

function optionalString(value: Value, arg: string): string | undefined {
  return value === undefined ? undefined : requireString(value, arg);
}

/** A WIT `u64` from a Rhai INT; negatives are rejected as omw's Rhai binding does. */
export function requireU64(value: Value, arg: string): number {
  if (typeof value !== 'number' && typeof value !== 'bigint') throw mismatch(arg, 'an integer', value);
  if (value < 0) throw runtimeError(`${arg}: expected a non-negative integer`);
  return Number(value);
}

function optionalU64(value: Value, arg: string): number | undefined {
  return value === undefined ? undefined : requireU64(value, arg);
}

function toolCallFromRhai(value: Value, arg: string): ToolCall {
  const call = requireMap(value, arg);
  return {
    id: requireString(call.get('id'), `${arg}.id`),
    name: requireString(call.get('name'), `${arg}.name`),
    arguments: opaqueJsonFromRhai(call.get('arguments')),
  };
}

function optionalToolCall(value: Value, arg: string): ToolCall | undefined {
  return value === undefined ? undefined : toolCallFromRhai(value, arg);
}

/** A missing or unrecognised role is `user`, as in omw's guests. */
function roleFromRhai(value: Value): Role {
  return typeof value === 'string' && ROLES.has(value) ? (value as Role) : 'user';
}

function chatMessageFromRhai(value: Value, arg: string): ChatMessage {
  const message = requireMap(value, arg);
  const result: ChatMessage = { role: roleFromRhai(message.get('role')) };
  const content = optionalString(message.get('content'), `${arg}.content`);
  const reasoning = optionalString(message.get('reasoning'), `${arg}.reasoning`);
  const toolCall = optionalToolCall(message.get('tool_call'), `${arg}.tool_call`);
  if (content !== undefined) result.content = content;
  if (reasoning !== undefined) result.reasoning = reasoning;
  if (toolCall !== undefined) result.tool_call = toolCall;
  return result;
}

export function chatMessagesFromRhai(value: Value, arg: string): ChatMessage[] {
  return requireArray(value, arg).map((message, i) => chatMessageFromRhai(message, `${arg}[${i}]`));
}

function toolFromRhai(value: Value, arg: string): Tool {
  const tool = requireMap(value, arg);
  const result: Tool = {
    name: requireString(tool.get('name'), `${arg}.name`),
    input_schema: opaqueJsonFromRhai(tool.get('input_schema') ?? new Map()),
  };
  const description = optionalString(tool.get('description'), `${arg}.description`);
  const outputSchema = tool.get('output_schema');
  if (description !== undefined) result.description = description;
  if (outputSchema !== undefined) result.output_schema = opaqueJsonFromRhai(outputSchema);
  return result;
}

/** Tools may be left out of a chat call, or passed as unit. */
export function toolsFromRhai(value: Value, arg: string): Tool[] {
  if (value === undefined) return [];
  return requireArray(value, arg).map((tool, i) => toolFromRhai(tool, `${arg}[${i}]`));
}

function usageFromRhai(value: Value, arg: string): Usage {
  const usage = requireMap(value, arg);
  const result: Usage = {};
  const prompt = optionalU64(usage.get('prompt_tokens'), `${arg}.prompt_tokens`);
  const completion = optionalU64(usage.get('completion_tokens'), `${arg}.completion_tokens`);
  const total = optionalU64(usage.get('total_tokens'), `${arg}.total_tokens`);
  if (prompt !== undefined) result.prompt_tokens = prompt;
  if (completion !== undefined) result.completion_tokens = completion;
  if (total !== undefined) result.total_tokens = total;
  return result;
}

export function chatDeltaFromRhai(value: Value, arg: string): ChatDelta {
  const delta = requireMap(value, arg);
  const result: ChatDelta = {};
  const content = optionalString(delta.get('content'), `${arg}.content`);
  const reasoning = optionalString(delta.get('reasoning'), `${arg}.reasoning`);
  const toolCall = optionalToolCall(delta.get('tool_call'), `${arg}.tool_call`);
  const finishReason = optionalString(delta.get('finish_reason'), `${arg}.finish_reason`);
  const usage = delta.get('usage');
  if (content !== undefined) result.content = content;
  if (reasoning !== undefined) result.reasoning = reasoning;
  if (toolCall !== undefined) result.tool_call = toolCall;
  if (finishReason !== undefined) result.finish_reason = finishReason;
  if (usage !== undefined) result.usage = usageFromRhai(usage, `${arg}.usage`);
  return result;
}

/** Chat `params`: a map (serialized here) or an already-JSON string; unit or left out means none. */
export const chatParamsFromRhai = (value: Value): string | undefined =>
  value === undefined ? undefined : opaqueJsonFromRhai(value);

export function bytesFromRhai(value: Value, arg: string): Uint8Array {
  if (!(value instanceof Blob)) throw mismatch(arg, 'a BLOB', value);
  return Uint8Array.from(value.bytes);
}
