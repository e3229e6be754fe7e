import type { ChatMessage, Tool } from '../../host-api/wit-types.generated.ts';
import type { Json } from '../../trace/trace-event.ts';

// The JSON shapes of chat messages and tools inside a traced call's detail (omw-compat 4.4).

const parsedJson = (text: string | undefined): Json => {
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
};

export const messagesDetail = (messages: readonly ChatMessage[]): Json =>
  messages.map((m) => ({
    role: m.role,
    content: m.content ?? null,
    reasoning: m.reasoning ?? null,
    tool_call: m.tool_call ? { ...m.tool_call } : null,
  }));

export const toolsDetail = (tools: readonly Tool[]): Json =>
  tools.map((t) => ({
    name: t.name,
    description: t.description ?? null,
    input_schema: parsedJson(t.input_schema),
    output_schema: parsedJson(t.output_schema),
  }));
