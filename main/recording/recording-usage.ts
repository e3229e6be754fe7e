import type { TokenCount } from '../../contract/recording-views.ts';
import type { Usage } from '../host-api/wit-types.generated.ts';
import type { RecordedIteration } from './recording.ts';

const add = (count: TokenCount, usage: Usage | undefined): void => {
  if (!usage) return;
  count.prompt += usage.prompt_tokens ?? 0;
  count.completion += usage.completion_tokens ?? 0;
  count.total += usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0);
};

/** Tokens the provider reported in an iteration: blocking chats' results and streamed deltas' usage. */
export function iterationTokens(
  iteration: RecordedIteration,
  count: TokenCount = { prompt: 0, completion: 0, total: 0 },
): TokenCount {
  for (const call of iteration.calls) {
    if (call.op === 'provider.chat' && call.ok) add(count, (call.value as { usage?: Usage } | undefined)?.usage);
  }
  for (const event of iteration.events) {
    if (event.type === 'inbound' && event.event.kind === 'chat-delta') add(count, event.event.data.usage);
  }
  return count;
}
