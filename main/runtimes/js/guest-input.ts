// Values a JavaScript brain passes to the host, converted to the canonical shapes of wit-types.ts.
// Records use omw's camelCase keys; the legacy snake_case keys of older omw brains are accepted
// too (omw-compat 11, 16). `null` counts as absent. `arg` names the value in error messages.

import type { ChatDelta, ChatMessage, Role, Tool, ToolCall, Usage } from '../../host-api/wit-types.ts';
import { GuestArgumentError } from './guest-argument-error.ts';
import { serializeOpaqueJson } from './opaque-json.ts';

type GuestRecord = Record<string, unknown>;

const ROLES: ReadonlySet<string> = new Set<Role>(['system', 'user', 'assistant', 'tool']);

function requireRecord(value: unknown, arg: string): GuestRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GuestArgumentError(`${arg} must be an object`);
  }
  return value as GuestRecord;
}

function requireArray(value: unknown, arg: string): unknown[] {
  if (!Array.isArray(value)) throw new GuestArgumentError(`${arg} must be an array`);
  return value;
}

/** The field under its camelCase key, else under its legacy snake_case key; null is absent. */
function field(record: GuestRecord, key: string, legacyKey?: string): unknown {
  const value = record[key] ?? (legacyKey === undefined ? undefined : record[legacyKey]);
  return value ?? undefined;
}

export function requireString(value: unknown, arg: string): string {
  if (typeof value !== 'string') throw new GuestArgumentError(`${arg} must be a string`);
  return value;
}

function optionalString(value: unknown, arg: string): string | undefined {
  return value === undefined ? undefined : requireString(value, arg);
}

/** A WIT `u64` from a JS number: fractions truncate; negative, non-finite or non-numbers are rejected. */
export function requireU64(value: unknown, arg: string): number {
  if (typeof value === 'bigint' && value >= 0n) return Number(value);
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new GuestArgumentError(`${arg} must be a non-negative integer`);
  }
  return Math.trunc(value);
}

function optionalU64(value: unknown, arg: string): number | undefined {
  return value === undefined ? undefined : requireU64(value, arg);
}

function toolCallFromGuest(value: unknown, arg: string): ToolCall {
  const call = requireRecord(value, arg);
  return {
    id: requireString(call.id, `${arg}.id`),
    name: requireString(call.name, `${arg}.name`),
    arguments: serializeOpaqueJson(call.arguments),
  };
}

function optionalToolCall(value: unknown, arg: string): ToolCall | undefined {
  return value === undefined ? undefined : toolCallFromGuest(value, arg);
}

/** A missing or unrecognised role is `user`, as in omw's guests. */
function roleFromGuest(value: unknown): Role {
  return typeof value === 'string' && ROLES.has(value) ? (value as Role) : 'user';
}

function chatMessageFromGuest(value: unknown, arg: string): ChatMessage {
  const message = requireRecord(value, arg);
  const result: ChatMessage = { role: roleFromGuest(field(message, 'role')) };
  const content = optionalString(field(message, 'content'), `${arg}.content`);
  const reasoning = optionalString(field(message, 'reasoning'), `${arg}.reasoning`);
  const toolCall = optionalToolCall(field(message, 'toolCall', 'tool_call'), `${arg}.toolCall`);
  if (content !== undefined) result.content = content;
  if (reasoning !== undefined) result.reasoning = reasoning;
  if (toolCall !== undefined) result.tool_call = toolCall;
  return result;
}

export function chatMessagesFromGuest(value: unknown, arg: string): ChatMessage[] {
  return requireArray(value, arg).map((message, i) => chatMessageFromGuest(message, `${arg}[${i}]`));
}

function toolFromGuest(value: unknown, arg: string): Tool {
  const tool = requireRecord(value, arg);
  const result: Tool = {
    name: requireString(field(tool, 'name'), `${arg}.name`),
    input_schema: serializeOpaqueJson(field(tool, 'inputSchema', 'input_schema') ?? {}),
  };
  const description = optionalString(field(tool, 'description'), `${arg}.description`);
  const outputSchema = field(tool, 'outputSchema', 'output_schema');
  if (description !== undefined) result.description = description;
  if (outputSchema !== undefined) result.output_schema = serializeOpaqueJson(outputSchema);
  return result;
}

/** Tools may be left out of a chat call entirely. */
export function toolsFromGuest(value: unknown, arg: string): Tool[] {
  if (value === undefined || value === null) return [];
  return requireArray(value, arg).map((tool, i) => toolFromGuest(tool, `${arg}[${i}]`));
}

function usageFromGuest(value: unknown, arg: string): Usage {
  const usage = requireRecord(value, arg);
  const result: Usage = {};
  const prompt = optionalU64(field(usage, 'promptTokens', 'prompt_tokens'), `${arg}.promptTokens`);
  const completion = optionalU64(field(usage, 'completionTokens', 'completion_tokens'), `${arg}.completionTokens`);
  const total = optionalU64(field(usage, 'totalTokens', 'total_tokens'), `${arg}.totalTokens`);
  if (prompt !== undefined) result.prompt_tokens = prompt;
  if (completion !== undefined) result.completion_tokens = completion;
  if (total !== undefined) result.total_tokens = total;
  return result;
}

export function chatDeltaFromGuest(value: unknown, arg: string): ChatDelta {
  const delta = requireRecord(value, arg);
  const result: ChatDelta = {};
  const content = optionalString(field(delta, 'content'), `${arg}.content`);
  const reasoning = optionalString(field(delta, 'reasoning'), `${arg}.reasoning`);
  const toolCall = optionalToolCall(field(delta, 'toolCall', 'tool_call'), `${arg}.toolCall`);
  const finishReason = optionalString(field(delta, 'finishReason', 'finish_reason'), `${arg}.finishReason`);
  const usage = field(delta, 'usage');
  if (content !== undefined) result.content = content;
  if (reasoning !== undefined) result.reasoning = reasoning;
  if (toolCall !== undefined) result.tool_call = toolCall;
  if (finishReason !== undefined) result.finish_reason = finishReason;
  if (usage !== undefined) result.usage = usageFromGuest(usage, `${arg}.usage`);
  return result;
}

/** Chat `params`: an object (serialized here) or an already-JSON string; absent means none. */
export function chatParamsFromGuest(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : serializeOpaqueJson(value);
}

export function bytesFromGuest(value: unknown, arg: string): Uint8Array {
  const isByte = (b: unknown): b is number => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255;
  if (!Array.isArray(value) || !value.every(isByte)) {
    throw new GuestArgumentError(`${arg} must be an array of integers 0..255`);
  }
  return Uint8Array.from(value);
}
