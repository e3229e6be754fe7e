import type Anthropic from '@anthropic-ai/sdk';

import type { ChatDelta } from '../../host-api/wit-types.generated.ts';
import type { ThinkingBlock } from './signed-thinking.ts';

/** The Messages API's stop reasons in chat-completions terms, so brains see one vocabulary. */
const FINISH_REASONS: Record<string, string> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
};

/**
 * Turns one Messages stream's events into omw deltas. A tool call's input arrives as JSON
 * fragments of its content block; each delta carries the block's tool id and name. The answer's
 * thinking blocks are kept whole, signature included, for `SignedThinking`.
 */
export class AnthropicEventDeltas {
  private readonly toolBlocks = new Map<number, { id: string; name: string }>();
  private readonly thinkingBlocks = new Map<number, ThinkingBlock>();
  private promptTokens: number | undefined;
  private events = 0;
  private stopped = false;
  private stopReason: string | undefined;

  /** What is wrong with the answer the stream carried, once it has ended; undefined when nothing is. */
  problem(): string | undefined {
    if (this.events === 0) return 'the server answered with an empty stream';
    if (this.stopReason === 'refusal') return 'the model refused to answer (stop reason "refusal")';
    if (!this.stopped) return 'the stream ended before the answer did (no message_stop): cut off';
    return undefined;
  }

  /** The ids of the tool calls this answer made so far. */
  get toolCallIds(): string[] {
    return [...this.toolBlocks.values()].map((tool) => tool.id);
  }

  /** The answer's thinking blocks, in order, as the API wants them back. */
  get thinking(): ThinkingBlock[] {
    return [...this.thinkingBlocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
  }

  deltas(event: Anthropic.Messages.RawMessageStreamEvent): ChatDelta[] {
    this.events++;
    switch (event.type) {
      case 'message_stop':
        this.stopped = true;
        return [];
      case 'message_start':
        this.promptTokens = event.message.usage.input_tokens;
        return [];
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'tool_use') {
          this.toolBlocks.set(event.index, { id: block.id, name: block.name });
          return [{ tool_call: { id: block.id, name: block.name, arguments: '' } }];
        }
        if (block.type === 'text' && block.text) return [{ content: block.text }];
        if (block.type === 'thinking') {
          this.thinkingBlocks.set(event.index, {
            type: 'thinking',
            thinking: block.thinking,
            signature: block.signature,
          });
          return block.thinking ? [{ reasoning: block.thinking }] : [];
        }
        if (block.type === 'redacted_thinking') {
          this.thinkingBlocks.set(event.index, { type: 'redacted_thinking', data: block.data });
        }
        return [];
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta') return delta.text ? [{ content: delta.text }] : [];
        const thinking = this.thinkingBlocks.get(event.index);
        if (delta.type === 'thinking_delta') {
          if (thinking?.type === 'thinking') thinking.thinking += delta.thinking;
          return delta.thinking ? [{ reasoning: delta.thinking }] : [];
        }
        if (delta.type === 'signature_delta') {
          if (thinking?.type === 'thinking') thinking.signature = delta.signature;
          return [];
        }
        const tool = this.toolBlocks.get(event.index);
        if (delta.type === 'input_json_delta' && tool) {
          return [{ tool_call: { id: tool.id, name: tool.name, arguments: delta.partial_json } }];
        }
        return [];
      }
      case 'message_delta': {
        const completion = event.usage.output_tokens;
        const prompt = event.usage.input_tokens ?? this.promptTokens;
        const reason = event.delta.stop_reason;
        if (reason) this.stopReason = reason;
        return [
          {
            ...(reason ? { finish_reason: FINISH_REASONS[reason] ?? reason } : {}),
            usage: {
              ...(prompt != null ? { prompt_tokens: prompt } : {}),
              completion_tokens: completion,
              ...(prompt != null ? { total_tokens: prompt + completion } : {}),
            },
          },
        ];
      }
      default:
        return [];
    }
  }
}
