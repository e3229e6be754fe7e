import OpenAI from 'openai';

import type { OpenaiProviderParams } from './openai-provider-params.ts';
import type { ChatDelta } from '../../host-api/wit-types.generated.ts';
import type { ChatRequest } from '../provider.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from '../provider-requests.ts';
import { SdkProvider } from '../sdk-provider.ts';
import { requestModel } from '../request-model.ts';
import { jsonAnswer } from '../json-answer.ts';
import { OpenaiChunkDeltas } from './openai-chunk-deltas.ts';
import { completionAsChunk } from './openai-completion-chunk.ts';
import { openaiMessages, openaiTools } from './openai-messages.ts';

type Completion = OpenAI.Chat.Completions.ChatCompletion;

/**
 * An OpenAI-compatible chat-completions server (omw-compat 1.3): OpenAI, Ollama, LM Studio, vLLM,
 * llama.cpp, OpenRouter. Every chat is streamed; a blocking `chat` is the host folding the stream.
 * A server that answers with one JSON completion instead is read as a stream of one chunk.
 */
export class OpenaiProvider extends SdkProvider<OpenAI> {
  readonly kind = 'openai';

  constructor(
    name: string,
    private readonly params: OpenaiProviderParams,
    env: Record<string, string | undefined> = process.env,
  ) {
    super(name, params.timeout_ms ?? DEFAULT_TIMEOUT_MS, () => openaiClient(params, env));
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
    const chunks = this.requests.stream(
      signal,
      async (combined) => {
        const { data, response } = await this.client.chat.completions.create(body, { signal: combined }).withResponse();
        const completion = await jsonAnswer<Completion>(response);
        return completion ? [completionAsChunk(completion)] : data;
      },
      () => mapper.problem(),
    );
    for await (const chunk of chunks) yield* mapper.deltas(chunk);
  }
}

function openaiClient(params: OpenaiProviderParams, env: Record<string, string | undefined>): OpenAI {
  const apiKey = params.api_key ?? env['OPENAI_API_KEY'];
  return new OpenAI({
    // Keyless local servers (Ollama, LM Studio, llama.cpp) need no Authorization header at all.
    apiKey: apiKey ?? 'none',
    // Every credential comes through `env`, which withholds them from a server an untrusted workspace chose (main/trust).
    adminAPIKey: env['OPENAI_ADMIN_KEY'] ?? null,
    ...(apiKey === undefined ? { defaultHeaders: { Authorization: null } } : {}),
    ...(params.base_url !== undefined ? { baseURL: params.base_url } : {}),
    timeout: params.timeout_ms ?? DEFAULT_TIMEOUT_MS,
    maxRetries: params.max_retries ?? DEFAULT_MAX_RETRIES,
  });
}
