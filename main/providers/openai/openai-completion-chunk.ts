import type OpenAI from 'openai';

type Completion = OpenAI.Chat.Completions.ChatCompletion;
type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type ToolCallFragment = OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall;

/** Reasoning text has no standard field (see openai-chunk-deltas.ts). */
interface ReasoningMessage {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

/**
 * A whole completion as the one chunk a stream of it would add up to. Some servers and proxies
 * answer a streamed request with an ordinary JSON completion; read this way, it reaches the brain
 * as any answer does, through the same mapping and checks.
 */
export function completionAsChunk(completion: Completion): Chunk {
  const choices = (completion.choices ?? []).map((choice) => {
    const message = choice.message as Completion['choices'][number]['message'] & ReasoningMessage;
    const toolCalls = (message.tool_calls ?? []).flatMap((call, index): ToolCallFragment[] =>
      call.type === 'function'
        ? [
            {
              index,
              id: call.id,
              type: 'function',
              function: { name: call.function.name, arguments: call.function.arguments },
            },
          ]
        : [],
    );
    const delta: Chunk['choices'][number]['delta'] & ReasoningMessage = {
      role: 'assistant',
      ...(message.content ? { content: message.content } : {}),
      ...(message.refusal ? { refusal: message.refusal } : {}),
      ...(message.reasoning_content ? { reasoning_content: message.reasoning_content } : {}),
      ...(message.reasoning ? { reasoning: message.reasoning } : {}),
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
    // A whole completion has finished, whether or not the server says why.
    return { index: choice.index, delta, finish_reason: choice.finish_reason ?? 'stop' };
  });
  return {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: completion.created,
    model: completion.model,
    choices,
    ...(completion.usage ? { usage: completion.usage } : {}),
  };
}
