import OpenAI from 'openai';

import type { OpenaiProviderParams } from '../../config/params/provider-openai-params.ts';
import type { ChatDelta } from '../../host-api/wit-types.ts';
import type { BackendStatus } from '../../host/backend-status.ts';
import type { ChatRequest, Provider } from '../provider.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, ProviderRequests } from '../provider-requests.ts';
import { requestModel } from '../request-model.ts';
import { OpenaiChunkDeltas } from './openai-chunk-deltas.ts';
import { openaiMessages, openaiTools } from './openai-messages.ts';

/**
 * An OpenAI-compatible chat-completions server (omw-compat 1.3): OpenAI, Ollama, LM Studio, vLLM,
 * llama.cpp, OpenRouter. Every chat is streamed; a blocking `chat` is the host folding the stream.
 */
export class OpenaiProvider implements Provider {
  readonly kind = 'openai';
  private client: OpenAI;
  private readonly requests: ProviderRequests;

  constructor(
    readonly name: string,
    private readonly params: OpenaiProviderParams,
    private readonly env: Record<string, string | undefined> = process.env,
  ) {
    this.requests = new ProviderRequests(params.timeout_ms ?? DEFAULT_TIMEOUT_MS);
    this.client = this.newClient();
  }

  listModels(signal: AbortSignal): Promise<string[]> {
    return this.requests.run(signal, async (combined) => {
      const ids: string[] = [];
      for await (const model of this.client.models.list({ signal: combined })) ids.push(model.id);
      return ids;
    });
  }

  async *stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ChatDelta> {
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming = {
      stream_options: { include_usage: true },
      ...this.params.params,
      ...request.params,
      model: requestModel(request, this.params.model),
      messages: openaiMessages(request.messages),
      ...(request.tools.length > 0 ? { tools: openaiTools(request.tools) } : {}),
      stream: true,
    };
    const mapper = new OpenaiChunkDeltas();
    const chunks = this.requests.stream(signal, (combined) =>
      this.client.chat.completions.create(body, { signal: combined }),
    );
    for await (const chunk of chunks) yield* mapper.deltas(chunk);
  }

  status(): BackendStatus {
    return this.requests.status();
  }

  async restart(): Promise<void> {
    this.requests.restart();
    this.client = this.newClient();
  }

  async close(): Promise<void> {
    this.requests.close();
  }

  private newClient(): OpenAI {
    const apiKey = this.params.api_key ?? this.env['OPENAI_API_KEY'];
    return new OpenAI({
      // Keyless local servers (Ollama, LM Studio, llama.cpp) need no Authorization header at all.
      apiKey: apiKey ?? 'none',
      ...(apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
      ...(this.params.base_url !== undefined ? { baseURL: this.params.base_url } : {}),
      timeout: this.params.timeout_ms ?? DEFAULT_TIMEOUT_MS,
      maxRetries: this.params.max_retries ?? DEFAULT_MAX_RETRIES,
    });
  }
}
