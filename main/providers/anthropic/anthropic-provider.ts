import Anthropic from '@anthropic-ai/sdk';

import type { AnthropicProviderParams } from './anthropic-provider-params.ts';
import type { ChatDelta } from '../../host-api/wit-types.generated.ts';
import type { ChatRequest } from '../provider.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from '../provider-requests.ts';
import { SdkProvider } from '../sdk-provider.ts';
import { requestModel } from '../request-model.ts';
import { jsonAnswer } from '../json-answer.ts';
import { customHeaders, SDK_LOG_LEVEL, sdkTimeout } from '../sdk-client-options.ts';
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
    return this.requests.run(signal, async (combined, fetch) => {
      const ids: string[] = [];
      const client = this.client.withOptions({ fetch });
      for await (const model of client.models.list({}, { signal: combined })) ids.push(model.id);
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
      async (combined, fetch) => {
        const client = this.client.withOptions({ fetch });
        const { data, response } = await client.messages.create(body, { signal: combined }).withResponse();
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

/**
 * The SDK without its own credential chain: with no key or token given, it would look for one
 * itself (a profile under its config folder, OIDC federation variables) and send what it found to
 * whatever `base_url` says. The provider's credentials are its `api_key`, `ANTHROPIC_API_KEY` and
 * `ANTHROPIC_AUTH_TOKEN`, read from its environment, which withholds them from a server an
 * untrusted workspace chose (main/trust).
 */
class AnthropicWithGivenCredentials extends Anthropic {
  protected override _shouldResolveDefaultCredentials(): boolean {
    return false;
  }
}

/** Every setting the SDK would read from `process.env` is given from `env` (sdk-client-options.ts). */
function anthropicClient(params: AnthropicProviderParams, env: Record<string, string | undefined>): Anthropic {
  const apiKey = params.api_key ?? env['ANTHROPIC_API_KEY'];
  const authToken = apiKey === undefined ? env['ANTHROPIC_AUTH_TOKEN'] : undefined;
  return new AnthropicWithGivenCredentials({
    apiKey: apiKey ?? null,
    authToken: authToken ?? null,
    baseURL: params.base_url ?? env['ANTHROPIC_BASE_URL'] ?? null,
    // Brainbench verifies no webhooks.
    webhookKey: null,
    defaultHeaders: {
      ...customHeaders('ANTHROPIC_CUSTOM_HEADERS', env),
      // Keyless: sent with no credential at all, as the openai kind does, rather than refused by the SDK.
      ...(apiKey === undefined && authToken === undefined ? { Authorization: null } : {}),
    },
    logLevel: SDK_LOG_LEVEL,
    // Brainbench exports its own spans (docs/recordings.md); the SDK's would read its variables.
    openTelemetry: { traces: false, propagation: false },
    timeout: sdkTimeout(params.timeout_ms ?? DEFAULT_TIMEOUT_MS),
    maxRetries: params.max_retries ?? DEFAULT_MAX_RETRIES,
  });
}
