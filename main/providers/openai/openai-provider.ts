import OpenAI from 'openai';

import type { OpenaiProviderParams } from './openai-provider-params.ts';
import type { ChatDelta } from '../../host-api/wit-types.generated.ts';
import type { ChatRequest } from '../provider.ts';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from '../provider-requests.ts';
import { SdkProvider } from '../sdk-provider.ts';
import { requestModel } from '../request-model.ts';
import { jsonAnswer } from '../json-answer.ts';
import { customHeaders, SDK_LOG_LEVEL, sdkTimeout } from '../sdk-client-options.ts';
import { OpenaiChunkDeltas } from './openai-chunk-deltas.ts';
import { completionAsChunk } from './openai-completion-chunk.ts';
import { openaiMessages, openaiTools } from './openai-messages.ts';
import { openaiStreamChunks } from './openai-stream-chunks.ts';

type Completion = OpenAI.Chat.Completions.ChatCompletion;

/**
 * An OpenAI-compatible chat-completions server (omw-compat 1.3): OpenAI, Ollama, LM Studio, vLLM,
 * llama.cpp, OpenRouter. Every chat is streamed; a blocking `chat` is the host folding the stream.
 * The SDK sends the request (headers, retries, HTTP errors) and Brainbench reads the event stream
 * (openai-stream-chunks.ts). A server that answers with one JSON completion instead is read as a
 * stream of one chunk.
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
    return this.requests.run(signal, async (combined, fetch) => {
      const ids: string[] = [];
      for await (const model of this.client.withOptions({ fetch }).models.list({ signal: combined }))
        ids.push(model.id);
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
      async (combined, fetch) => {
        const client = this.client.withOptions({ fetch });
        const response = await client.chat.completions.create(body, { signal: combined }).asResponse();
        const completion = await jsonAnswer<Completion>(response);
        if (completion) return [completionAsChunk(completion)];
        if (!response.body) throw new Error('the server answered with no body');
        // Node's web streams are async iterable; the DOM typings the shell is also checked under omit it.
        return openaiStreamChunks(response.body as unknown as AsyncIterable<Uint8Array>);
      },
      () => mapper.problem(),
    );
    for await (const chunk of chunks) yield* mapper.deltas(chunk);
  }
}

/**
 * Every setting the SDK would read from `process.env` is given from `env`, which withholds the
 * user's from a server an untrusted workspace chose (main/trust); sdk-client-options.ts says why.
 */
function openaiClient(params: OpenaiProviderParams, env: Record<string, string | undefined>): OpenAI {
  const apiKey = params.api_key ?? env['OPENAI_API_KEY'];
  return new OpenAI({
    // Keyless local servers (Ollama, LM Studio, llama.cpp) need no Authorization header at all.
    apiKey: apiKey ?? 'none',
    adminAPIKey: env['OPENAI_ADMIN_KEY'] ?? null,
    organization: env['OPENAI_ORG_ID'] ?? null,
    project: env['OPENAI_PROJECT_ID'] ?? null,
    // Brainbench verifies no webhooks.
    webhookSecret: null,
    baseURL: params.base_url ?? env['OPENAI_BASE_URL'] ?? null,
    defaultHeaders: {
      ...customHeaders('OPENAI_CUSTOM_HEADERS', env),
      ...(apiKey === undefined ? { Authorization: null } : {}),
    },
    logLevel: SDK_LOG_LEVEL,
    timeout: sdkTimeout(params.timeout_ms ?? DEFAULT_TIMEOUT_MS),
    maxRetries: params.max_retries ?? DEFAULT_MAX_RETRIES,
  });
}
