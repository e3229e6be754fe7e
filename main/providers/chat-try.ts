// "Try a chat" from the Backends panel: one chat with a provider, its reply folded from the
// deltas as the brain's blocking `chat` would get it. A mock answers with its next turn without
// consuming it (what agents observe stays as it was); a real provider is called, with a deadline.

import type { ChatTryView } from '../../contract/views.ts';
import type { ChatMessage } from '../host-api/wit-types.generated.ts';
import type { Provider } from './provider.ts';

const DEADLINE_MS = 60_000;

export async function tryChat(provider: Provider, model: string, messages: ChatMessage[]): Promise<ChatTryView> {
  const started = performance.now();
  const reply: ChatTryView['reply'] = { content: '', reasoning: '', toolCalls: [] };
  const request = { model, messages, tools: [] };
  const signal = AbortSignal.timeout(DEADLINE_MS);
  let error: string | undefined;
  try {
    const deltas = provider.tryStream ? provider.tryStream(request, signal) : provider.stream(request, signal);
    for await (const delta of deltas) {
      reply.content += delta.content ?? '';
      reply.reasoning += delta.reasoning ?? '';
      if (delta.tool_call) reply.toolCalls.push(delta.tool_call);
      if (delta.finish_reason !== undefined) reply.finishReason = delta.finish_reason;
      if (delta.usage !== undefined) reply.usage = delta.usage;
    }
  } catch (caught) {
    error = signal.aborted ? `no answer within ${DEADLINE_MS / 1000} s` : (caught as Error).message;
  }
  return { reply, ...(error !== undefined ? { error } : {}), durationMs: performance.now() - started };
}
