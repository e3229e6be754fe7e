// The GenAI conventions' attributes of a `chat` span: what was asked of which model at which
// provider, and what the provider reported back (finish reasons, token usage).

import type { Attributes } from '@opentelemetry/api';
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MAX_TOKENS,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_REQUEST_STREAM,
  ATTR_GEN_AI_REQUEST_TEMPERATURE,
  ATTR_GEN_AI_REQUEST_TOP_P,
  ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  GEN_AI_OPERATION_NAME_VALUE_CHAT,
} from '@opentelemetry/semantic-conventions/incubating';
import type { Usage } from '../host-api/wit-types.generated.ts';
import type { Json } from '../trace/trace-event.ts';
import { ATTR_BRAINBENCH_PROVIDER } from './brainbench-attributes.ts';

/** Tokens as the GenAI conventions count them. */
export interface TokenUsage {
  input: number;
  output: number;
}

export const addUsage = (sum: TokenUsage, usage: Usage | undefined): void => {
  sum.input += usage?.prompt_tokens ?? 0;
  sum.output += usage?.completion_tokens ?? 0;
};

export const usageAttributes = (usage: TokenUsage): Attributes => ({
  [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: usage.input,
  [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: usage.output,
});

const REQUEST_PARAMS: [param: string, attribute: string][] = [
  ['temperature', ATTR_GEN_AI_REQUEST_TEMPERATURE],
  ['max_tokens', ATTR_GEN_AI_REQUEST_MAX_TOKENS],
  ['top_p', ATTR_GEN_AI_REQUEST_TOP_P],
];

/** The brain's `params` (a JSON object, as text or already parsed); anything else has no attributes. */
function paramsObject(params: Json | undefined): Record<string, Json> {
  let value = params;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as Json;
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/**
 * `args` are provider.chat's (and chat-stream's): provider, model, messages, tools, params.
 * `gen_ai.provider.name` is the provider's configured kind (openai, anthropic, mock, ...).
 */
export function chatRequestAttributes(args: readonly Json[], providerKind: string | undefined, stream: boolean) {
  const [provider, model, , , params] = args;
  const attributes: Attributes = {
    [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_CHAT,
    [ATTR_GEN_AI_REQUEST_MODEL]: String(model),
    [ATTR_BRAINBENCH_PROVIDER]: String(provider),
    ...(providerKind !== undefined ? { [ATTR_GEN_AI_PROVIDER_NAME]: providerKind } : {}),
    ...(stream ? { [ATTR_GEN_AI_REQUEST_STREAM]: true } : {}),
  };
  const given = paramsObject(params);
  for (const [param, attribute] of REQUEST_PARAMS) {
    const value = given[param];
    if (typeof value === 'number') attributes[attribute] = value;
  }
  return attributes;
}

export const finishReasonsAttributes = (reasons: readonly string[]): Attributes =>
  reasons.length > 0 ? { [ATTR_GEN_AI_RESPONSE_FINISH_REASONS]: [...reasons] } : {};

/** The span's name: `chat <model>`, as the conventions name inference spans. */
export const chatSpanName = (args: readonly Json[]): string => `${GEN_AI_OPERATION_NAME_VALUE_CHAT} ${String(args[1])}`;
