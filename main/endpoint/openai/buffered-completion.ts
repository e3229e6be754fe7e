import type OpenAI from 'openai';

import type { ChatResult } from '../../host-api/wit-types.generated.ts';
import { usageOf } from './completion-chunks.ts';

type Completion = OpenAI.Chat.Completions.ChatCompletion;
type Message = Completion['choices'][number]['message'];
type FinishReason = Completion['choices'][number]['finish_reason'];

/** A whole reply, assembled from its deltas, as one `chat.completion` (a non-streaming request). */
export function bufferedCompletion(id: string, model: string, created: number, result: ChatResult): Completion {
  const message: Message & { reasoning_content?: string } = {
    role: 'assistant',
    content: result.content ?? null,
    refusal: null,
    ...(result.reasoning !== undefined ? { reasoning_content: result.reasoning } : {}),
    ...(result.tool_calls.length > 0
      ? {
          tool_calls: result.tool_calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: call.arguments },
          })),
        }
      : {}),
  };
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message, finish_reason: (result.finish_reason ?? 'stop') as FinishReason, logprobs: null }],
    ...(result.usage ? { usage: usageOf(result.usage) } : {}),
  };
}
