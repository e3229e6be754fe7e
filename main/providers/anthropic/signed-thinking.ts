// With extended thinking and tools, Anthropic refuses the turn after a tool call unless the
// assistant turn that made the call comes back with its thinking blocks as they were, signature
// included. omw's chat messages carry the reasoning text but no signature, so the provider keeps
// each answer's thinking blocks by the ids of the tool calls it made, and puts them back in front
// of that assistant turn when a brain sends the conversation on.

import type Anthropic from '@anthropic-ai/sdk';

export type ThinkingBlock = Anthropic.Messages.ThinkingBlockParam | Anthropic.Messages.RedactedThinkingBlockParam;

/** Answers remembered per provider; a conversation only ever sends back its recent ones. */
const REMEMBERED_ANSWERS = 1000;

export class SignedThinking {
  readonly #byToolCall = new Map<string, ThinkingBlock[]>();

  /** Remembers one answer's thinking blocks under each tool call the answer made. */
  remember(toolCallIds: readonly string[], blocks: readonly ThinkingBlock[]): void {
    if (blocks.length === 0) return;
    for (const id of toolCallIds) {
      this.#byToolCall.delete(id);
      this.#byToolCall.set(id, [...blocks]);
    }
    for (const oldest of this.#byToolCall.keys()) {
      if (this.#byToolCall.size <= REMEMBERED_ANSWERS) break;
      this.#byToolCall.delete(oldest);
    }
  }

  /** The thinking blocks of the answer that made this tool call, if it had any. */
  of(toolCallId: string): readonly ThinkingBlock[] | undefined {
    return this.#byToolCall.get(toolCallId);
  }
}
