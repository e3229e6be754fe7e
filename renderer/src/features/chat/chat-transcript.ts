// A chat call's request as a conversation (system, user, assistant, tool calls and results, with
// roles), as LangSmith shows one, read from the traced call's detail (omw-compat 4.4). The detail
// comes from a brain: anything not shaped as expected is left out here, and the raw JSON shows it.

export interface TranscriptMessage {
  role: string;
  content?: string;
  reasoning?: string;
  toolCall?: { id: string; name: string; arguments: string };
}

export interface Transcript {
  provider?: string;
  model?: string;
  tools: string[];
  messages: TranscriptMessage[];
}

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function toolCall(value: unknown): TranscriptMessage['toolCall'] {
  if (!isTable(value) || text(value['name']) === undefined) return undefined;
  const args = value['arguments'];
  return {
    id: text(value['id']) ?? '',
    name: value['name'] as string,
    arguments: typeof args === 'string' ? args : JSON.stringify(args ?? null),
  };
}

function message(value: unknown): TranscriptMessage | undefined {
  if (!isTable(value) || text(value['role']) === undefined) return undefined;
  const content = text(value['content']);
  const reasoning = text(value['reasoning']);
  const call = toolCall(value['tool_call']);
  return {
    role: value['role'] as string,
    ...(content !== undefined ? { content } : {}),
    ...(reasoning !== undefined ? { reasoning } : {}),
    ...(call ? { toolCall: call } : {}),
  };
}

export function chatTranscript(detail: unknown): Transcript {
  const table = isTable(detail) ? detail : {};
  const messages = Array.isArray(table['messages']) ? table['messages'] : [];
  const tools = Array.isArray(table['tools']) ? table['tools'] : [];
  const provider = text(table['provider']);
  const model = text(table['model']);
  return {
    ...(provider !== undefined ? { provider } : {}),
    ...(model !== undefined ? { model } : {}),
    tools: tools.flatMap((tool) => (isTable(tool) && text(tool['name']) !== undefined ? [tool['name'] as string] : [])),
    messages: messages.flatMap((m) => message(m) ?? []),
  };
}
