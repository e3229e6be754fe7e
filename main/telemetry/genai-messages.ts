// omw's chat messages in the shape the GenAI conventions give `gen_ai.input.messages` and
// `gen_ai.output.messages` (a role and typed parts), as JSON text. Only written with
// `--otlp-content`: they are what the model was told and what it said.

import type { ChatMessage, ChatResult, ToolCall } from '../host-api/wit-types.generated.ts';

type Part =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'tool_call_response'; id?: string; response: string };

interface GenAiMessage {
  role: string;
  parts: Part[];
  finish_reason?: string;
}

const toolCallPart = (call: ToolCall): Part => ({
  type: 'tool_call',
  id: call.id,
  name: call.name,
  arguments: call.arguments,
});

function parts(message: { content?: string; reasoning?: string }, toolCalls: readonly ToolCall[]): Part[] {
  return [
    ...(message.reasoning ? [{ type: 'reasoning' as const, content: message.reasoning }] : []),
    ...(message.content ? [{ type: 'text' as const, content: message.content }] : []),
    ...toolCalls.map(toolCallPart),
  ];
}

export function inputMessagesText(messages: readonly ChatMessage[]): string {
  const converted: GenAiMessage[] = messages.map((message) =>
    message.role === 'tool'
      ? {
          role: 'tool',
          parts: [
            {
              type: 'tool_call_response',
              ...(message.tool_call ? { id: message.tool_call.id } : {}),
              response: message.content ?? '',
            },
          ],
        }
      : { role: message.role, parts: parts(message, message.tool_call ? [message.tool_call] : []) },
  );
  return JSON.stringify(converted);
}

export function outputMessagesText(result: Partial<ChatResult>): string {
  const message: GenAiMessage = {
    role: 'assistant',
    parts: parts(result, result.tool_calls ?? []),
    ...(result.finish_reason ? { finish_reason: result.finish_reason } : {}),
  };
  return JSON.stringify([message]);
}
