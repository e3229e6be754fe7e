import type Anthropic from '@anthropic-ai/sdk';

import type { ChatMessage, Tool } from '../../host-api/wit-types.generated.ts';
import { toolInputSchema } from '../tool-input-schema.ts';
import type { ThinkingBlock } from './signed-thinking.ts';

type MessageParam = Anthropic.Messages.MessageParam;
type BlockParam = Anthropic.Messages.ContentBlockParam;

/**
 * omw's chat messages in the Messages API shape: system messages become the `system` text, a
 * tool call a `tool_use` block, a `tool` message a `tool_result` block in a user turn. omw has one
 * tool call per message, so consecutive messages of a role are merged into one turn (the API wants
 * parallel calls and their results side by side). Reasoning text is not sent back as such: the
 * API only accepts signed thinking blocks, which `thinkingOf` gives for the tool calls of answers
 * this provider received; they open the assistant turn that made the call.
 */
export function anthropicMessages(
  messages: readonly ChatMessage[],
  thinkingOf: (toolCallId: string) => readonly ThinkingBlock[] | undefined = () => undefined,
): { system?: string; messages: MessageParam[] } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content ?? '');
  const turns: { role: 'user' | 'assistant'; content: BlockParam[]; thinking?: readonly ThinkingBlock[] }[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = contentBlocks(message);
    let turn = turns[turns.length - 1];
    if (turn?.role === role) turn.content.push(...blocks);
    else turns.push((turn = { role, content: blocks }));
    const thinking = role === 'assistant' && message.tool_call ? thinkingOf(message.tool_call.id) : undefined;
    if (thinking && !turn.thinking) {
      turn.thinking = thinking;
      turn.content.unshift(...thinking);
    }
  }
  return {
    ...(system.length > 0 ? { system: system.join('\n\n') } : {}),
    messages: turns.map(({ role, content }) => ({ role, content })),
  };
}

function contentBlocks(message: ChatMessage): BlockParam[] {
  if (message.role === 'tool') {
    return [{ type: 'tool_result', tool_use_id: message.tool_call?.id ?? '', content: message.content ?? '' }];
  }
  const blocks: BlockParam[] = message.content ? [{ type: 'text', text: message.content }] : [];
  const call = message.tool_call;
  if (call) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call.arguments) });
  return blocks;
}

/** Arguments a model wrote are not always JSON; the API insists on an object. */
function toolInput(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function anthropicTools(tools: readonly Tool[]): Anthropic.Messages.Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    input_schema: toolInputSchema(tool) as Anthropic.Messages.Tool.InputSchema,
  }));
}
