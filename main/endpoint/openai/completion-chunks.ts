import type OpenAI from 'openai';

import type { ChatDelta, Usage } from '../../host-api/wit-types.generated.ts';

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type ChunkDelta = Chunk['choices'][number]['delta'];
type FinishReason = Chunk['choices'][number]['finish_reason'];

/** Reasoning travels as `reasoning_content`, the field DeepSeek and vLLM use; OpenAI has none. */
type ReasoningChunkDelta = ChunkDelta & { reasoning_content?: string };

/** omw's usage in OpenAI's shape; counts the brain did not give are absent, not invented. */
export const usageOf = (usage: Usage): OpenAI.CompletionUsage =>
  ({
    ...(usage.prompt_tokens !== undefined ? { prompt_tokens: usage.prompt_tokens } : {}),
    ...(usage.completion_tokens !== undefined ? { completion_tokens: usage.completion_tokens } : {}),
    ...(usage.total_tokens !== undefined ? { total_tokens: usage.total_tokens } : {}),
  }) as OpenAI.CompletionUsage;

/**
 * Turns one session's deltas into `chat.completion.chunk` objects. The first chunk names the
 * role; a tool call gets the next index the first time its id appears, and only that first
 * fragment repeats the id and name, as OpenAI streams them.
 */
export class CompletionChunks {
  private readonly toolIndexes = new Map<string, number>();
  private first = true;

  constructor(
    private readonly id: string,
    private readonly model: string,
    private readonly created: number,
  ) {}

  chunk(delta: ChatDelta): Chunk {
    const out: ReasoningChunkDelta = {};
    if (this.first) out.role = 'assistant';
    this.first = false;
    if (delta.content !== undefined) out.content = delta.content;
    if (delta.reasoning !== undefined) out.reasoning_content = delta.reasoning;
    if (delta.tool_call) {
      const call = delta.tool_call;
      const known = this.toolIndexes.get(call.id);
      const index = known ?? this.toolIndexes.size;
      if (known === undefined) this.toolIndexes.set(call.id, index);
      out.tool_calls = [
        known === undefined
          ? { index, id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }
          : { index, function: { arguments: call.arguments } },
      ];
    }
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta: out, finish_reason: (delta.finish_reason ?? null) as FinishReason, logprobs: null }],
      ...(delta.usage ? { usage: usageOf(delta.usage) } : {}),
    };
  }
}
