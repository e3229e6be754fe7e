import type OpenAI from 'openai';

import type { ChatDelta, ToolCall } from '../../host-api/wit-types.generated.ts';

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;

/**
 * Reasoning text has no standard field: DeepSeek, vLLM and llama.cpp send `reasoning_content`,
 * Ollama and OpenRouter `reasoning`.
 */
interface ReasoningDelta {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

/** Finish reasons that mean the answer was withheld rather than given. */
const WITHHELD: Record<string, string> = { content_filter: "the server's content filter stopped the answer" };

/**
 * Turns one stream's chunks into omw deltas. Tool-call fragments arrive by index with the id and
 * name only on the first one; every delta yielded here carries both, so a brain (and the host's
 * assembler, which merges by id) can join the arguments without knowing the index. It also notes
 * enough to tell, at the end, an answer from a stream that carried none.
 */
export class OpenaiChunkDeltas {
  private readonly calls = new Map<number, { id: string; name: string }>();
  private chunks = 0;
  private choices = 0;
  private finishReason: string | undefined;
  private refusal = '';

  /** What is wrong with the answer the stream carried, once it has ended; undefined when nothing is. */
  problem(): string | undefined {
    if (this.chunks === 0) return 'the server answered with an empty stream';
    if (this.choices === 0) return 'the answer has no choices';
    if (this.refusal) return `the model refused: ${this.refusal}`;
    if (this.finishReason === undefined) return 'the stream ended before the answer did (no finish reason): cut off';
    return WITHHELD[this.finishReason];
  }

  deltas(chunk: Chunk): ChatDelta[] {
    this.chunks++;
    const choice = chunk.choices?.[0];
    if (choice) this.choices++;
    const delta = choice?.delta;
    if (delta?.refusal) this.refusal += delta.refusal;
    const head: ChatDelta = {};
    if (delta?.content) head.content = delta.content;
    const reasoningDelta = delta as ReasoningDelta | undefined;
    const reasoning = reasoningDelta?.reasoning_content ?? reasoningDelta?.reasoning;
    if (reasoning) head.reasoning = reasoning;
    // A chunk may carry several parallel calls' fragments; omw's delta holds one call.
    const out: ChatDelta[] = (delta?.tool_calls ?? []).map((fragment, i) => ({
      ...(i === 0 ? head : {}),
      tool_call: this.toolCall(fragment),
    }));
    if (out.length === 0) out.push(head);
    const last = out[out.length - 1]!;
    if (choice?.finish_reason) {
      last.finish_reason = choice.finish_reason;
      this.finishReason = choice.finish_reason;
    }
    if (chunk.usage) {
      last.usage = {
        prompt_tokens: chunk.usage.prompt_tokens,
        completion_tokens: chunk.usage.completion_tokens,
        total_tokens: chunk.usage.total_tokens,
      };
    }
    return out.filter((d) => Object.keys(d).length > 0);
  }

  private toolCall(fragment: OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall): ToolCall {
    let known = this.calls.get(fragment.index);
    if (!known) {
      // Some local servers omit the id; the index still identifies the call within this answer.
      known = { id: fragment.id || `call_${fragment.index}`, name: fragment.function?.name ?? '' };
      this.calls.set(fragment.index, known);
    } else if (fragment.function?.name) {
      known.name = fragment.function.name;
    }
    return { id: known.id, name: known.name, arguments: fragment.function?.arguments ?? '' };
  }
}
