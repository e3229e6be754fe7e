import type { ChatDelta, ChatResult, ToolCall } from './wit-types.generated.ts';

/**
 * Folds a stream into the answer of a blocking `chat` (omw-compat 6): text and reasoning are
 * concatenated, tool calls are merged by id in first-seen order, the last finish reason and usage
 * win, and empty text becomes absent. The workbench's chat panel folds a stream with it too, so
 * it shows what a blocking `chat` would have answered.
 */
export class ChatResultAssembler {
  private content = '';
  private reasoning = '';
  private readonly toolCalls = new Map<string, ToolCall>();
  private finishReason: string | undefined;
  private usage: ChatDelta['usage'];

  add(delta: ChatDelta): void {
    if (delta.content) this.content += delta.content;
    if (delta.reasoning) this.reasoning += delta.reasoning;
    if (delta.tool_call) this.mergeToolCall(delta.tool_call);
    if (delta.finish_reason != null) this.finishReason = delta.finish_reason;
    if (delta.usage != null) this.usage = delta.usage;
  }

  result(): ChatResult {
    return {
      ...(this.content ? { content: this.content } : {}),
      ...(this.reasoning ? { reasoning: this.reasoning } : {}),
      tool_calls: [...this.toolCalls.values()],
      ...(this.finishReason !== undefined ? { finish_reason: this.finishReason } : {}),
      ...(this.usage !== undefined ? { usage: this.usage } : {}),
    };
  }

  private mergeToolCall(fragment: ToolCall): void {
    const known = this.toolCalls.get(fragment.id);
    if (!known) {
      this.toolCalls.set(fragment.id, { ...fragment });
      return;
    }
    if (fragment.name) known.name = fragment.name;
    // A fragment that repeats what came so far is a full restatement, not a continuation.
    if (fragment.arguments.startsWith(known.arguments)) known.arguments = fragment.arguments;
    else if (fragment.arguments) known.arguments += fragment.arguments;
  }
}
