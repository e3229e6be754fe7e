import Anthropic from '@anthropic-ai/sdk';

import type { AnthropicProviderParams } from './anthropic-provider-params.ts';
import type { ChatDelta } from '../../host-api/wit-types.generated.ts';
import type { ChatRequest } from '../provider.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from '../provider-requests.ts';
import { SdkProvider } from '../sdk-provider.ts';
import { requestModel } from '../request-model.ts';
import { jsonAnswer } from '../json-answer.ts';
import { AnthropicEventDeltas } from './anthropic-event-deltas.ts';
import { messageAsEvents } from './anthropic-message-events.ts';
import { anthropicMessages, anthropicTools } from './anthropic-messages.ts';
import { SignedThinking } from './signed-thinking.ts';

/** The Messages API requires `max_tokens`; this applies when neither the defaults nor the call set it. */
const DEFAULT_MAX_TOKENS = 4096;

/**
 * Anthropic's Messages API (a Brainbench extension), mapped onto omw's deltas like the openai kind.
 * A server that answers with one JSON message instead is read as the events of its stream.
 */
export class AnthropicProvider extends SdkProvider<Anthropic> {
  readonly kind = 'anthropic';
  readonly #thinking = new SignedThinking();

  constructor(
    name: string,
    private readonly params: AnthropicProviderParams,
    env: Record<string, string | undefined> = process.env,
  ) {
    super(name, params.timeout_ms ?? DEFAULT_TIMEOUT_MS, () => anthropicClient(params, env));
  }

  listModels(signal: AbortSignal): Promise<string[]> {
    return this.requests.run(signal, async (combined) => {
      const ids: string[] = [];
      for await (const model of this.client.models.list({}, { signal: combined })) ids.push(model.id);
      return ids;
    });
  }

  async *stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatDelta> {
    const { system, messages } = anthropicMessages(request.messages, (id) => this.#thinking.of(id));
    const body = {
      max_tokens: DEFAULT_MAX_TOKENS,
      ...this.params.params,
      ...request.params,
      model: requestModel(request, this.params.model),
      messages,
      ...(system !== undefined ? { system } : {}),
      ...(request.tools.length > 0 ? { tools: anthropicTools(request.tools) } : {}),
      stream: true,
    } as Anthropic.Messages.MessageCreateParamsStreaming;
    const mapper = new AnthropicEventDeltas();
    const events = this.requests.stream(
      signal,
      async (combined) => {
        const { data, response } = await this.client.messages.create(body, { signal: combined }).withResponse();
        const message = await jsonAnswer<Anthropic.Messages.Message>(response);
        return message ? messageAsEvents(message) : data;
      },
      () => mapper.problem(),
    );
    try {
      for await (const event of events) yield* mapper.deltas(event);
    } finally {
      this.#thinking.remember(mapper.toolCallIds, mapper.thinking);
    }
  }
}

function anthropicClient(params: AnthropicProviderParams, env: Record<string, string | undefined>): Anthropic {
  const apiKey = params.api_key ?? env['ANTHROPIC_API_KEY'];
  return new Anthropic({
    apiKey: apiKey ?? null,
    // Every credential comes through `env`, which withholds them from a server an untrusted workspace chose (main/trust).
    ...(apiKey === undefined ? { authToken: env['ANTHROPIC_AUTH_TOKEN'] ?? null } : {}),
    ...(params.base_url !== undefined ? { baseURL: params.base_url } : {}),
    timeout: params.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    maxRetries: params.max_retries ?? DEFAULT_MAX_RETRIES,
  });
}
