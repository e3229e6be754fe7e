import type { ChatMessage, Role, Tool } from '../../host-api/wit-types.generated.ts';
import type { EndpointRequest } from '../endpoint.ts';

/** A request that cannot be served as sent: answered 400 with the offending field. */
export class BadRequest extends Error {
  constructor(
    message: string,
    readonly param: string | null = null,
  ) {
    super(message);
  }
}

export interface CompletionRequest extends EndpointRequest {
  stream: boolean;
}

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The fields the endpoint itself interprets; every other field reaches the brain as `params`.
const INTERPRETED = new Set(['model', 'messages', 'tools', 'stream']);

const ROLES: Record<string, Role> = {
  system: 'system',
  // OpenAI's newer name for system instructions.
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
  tool: 'tool',
};

/** Text content, or the text parts of a content array; other parts have no omw counterpart. */
function textOf(content: unknown, param: string): string | undefined {
  if (content === undefined || content === null) return undefined;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw new BadRequest(`${param} must be a string or an array of content parts`, param);
  return content
    .filter((part): part is { type: 'text'; text: string } => isObject(part) && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
}

function stringField(object: JsonObject, key: string, param: string): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new BadRequest(`${param}.${key} must be a string`, `${param}.${key}`);
  return value;
}

/**
 * One OpenAI message as omw messages. omw's message holds at most one tool call, so an assistant
 * turn with parallel calls becomes one message per call, the first carrying the text. A tool
 * answer names its call through `tool_call.id`, as the openai provider sends it.
 */
function messagesOf(raw: unknown, index: number): ChatMessage[] {
  const param = `messages[${index}]`;
  if (!isObject(raw)) throw new BadRequest(`${param} must be an object`, param);
  const role = ROLES[String(raw.role)];
  if (!role)
    throw new BadRequest(`${param}.role must be one of system, developer, user, assistant, tool`, `${param}.role`);
  const content = textOf(raw.content, `${param}.content`);
  const reasoning = stringField(raw, 'reasoning_content', param) ?? stringField(raw, 'reasoning', param);
  const text = { ...(content !== undefined ? { content } : {}), ...(reasoning !== undefined ? { reasoning } : {}) };
  if (role === 'tool') {
    const id = stringField(raw, 'tool_call_id', param) ?? '';
    return [{ role, ...text, tool_call: { id, name: stringField(raw, 'name', param) ?? '', arguments: '' } }];
  }
  const calls = role === 'assistant' && Array.isArray(raw.tool_calls) ? raw.tool_calls : [];
  if (calls.length === 0) return [{ role, ...text }];
  return calls.map((call: unknown, i) => {
    const callParam = `${param}.tool_calls[${i}]`;
    const fn = isObject(call) && isObject(call.function) ? call.function : undefined;
    if (!isObject(call) || !fn) throw new BadRequest(`${callParam} must be a function call`, callParam);
    const toolCall = {
      id: stringField(call, 'id', callParam) ?? '',
      name: stringField(fn, 'name', `${callParam}.function`) ?? '',
      arguments: stringField(fn, 'arguments', `${callParam}.function`) ?? '',
    };
    return { role, ...(i === 0 ? text : {}), tool_call: toolCall };
  });
}

function toolOf(raw: unknown, index: number): Tool {
  const param = `tools[${index}]`;
  const fn = isObject(raw) && raw.type === 'function' && isObject(raw.function) ? raw.function : undefined;
  if (!fn || typeof fn.name !== 'string') throw new BadRequest(`${param} must be a function tool with a name`, param);
  return {
    name: fn.name,
    ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
    input_schema: JSON.stringify(fn.parameters ?? {}),
  };
}

/** A parsed `/v1/chat/completions` body in omw's types (omw-compat 12). */
export function parseCompletionRequest(body: unknown): CompletionRequest {
  if (!isObject(body)) throw new BadRequest('the request body must be a JSON object');
  if (typeof body.model !== 'string' || body.model === '')
    throw new BadRequest('model must be a non-empty string', 'model');
  if (!Array.isArray(body.messages)) throw new BadRequest('messages must be an array', 'messages');
  if (body.tools !== undefined && body.tools !== null && !Array.isArray(body.tools)) {
    throw new BadRequest('tools must be an array', 'tools');
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') {
    throw new BadRequest('stream must be a boolean', 'stream');
  }
  const extra = Object.fromEntries(Object.entries(body).filter(([key]) => !INTERPRETED.has(key)));
  return {
    model: body.model,
    stream: body.stream === true,
    messages: body.messages.flatMap(messagesOf),
    tools: ((body.tools as unknown[] | null | undefined) ?? []).map(toolOf),
    ...(Object.keys(extra).length > 0 ? { params: JSON.stringify(extra) } : {}),
  };
}
