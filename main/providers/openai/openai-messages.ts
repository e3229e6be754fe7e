import type OpenAI from 'openai';

import type { ChatMessage, Tool } from '../../host-api/wit-types.generated.ts';
import { toolInputSchema } from '../tool-input-schema.ts';

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ToolParam = OpenAI.Chat.Completions.ChatCompletionTool;

/**
 * omw's chat messages in the chat-completions shape. A `tool` message answers the call named by
 * its `tool_call.id`. Reasoning is not sent back: servers disagree on the field and most reject it.
 */
export function openaiMessages(messages: readonly ChatMessage[]): MessageParam[] {
  return messages.map((message): MessageParam => {
    const content = message.content ?? '';
    switch (message.role) {
      case 'system':
        return { role: 'system', content };
      case 'user':
        return { role: 'user', content };
      case 'tool':
        return { role: 'tool', tool_call_id: message.tool_call?.id ?? '', content };
      case 'assistant': {
        const call = message.tool_call;
        return {
          role: 'assistant',
          content: message.content ?? null,
          ...(call
            ? {
                tool_calls: [
                  { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } },
                ],
              }
            : {}),
        };
      }
    }
  });
}

/** omw's tools as function tools. */
export function openaiTools(tools: readonly Tool[]): ToolParam[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: toolInputSchema(tool),
    },
  }));
}
