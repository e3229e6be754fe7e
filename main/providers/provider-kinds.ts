// The `kind`s of `[providers.<name>]`.

import { backendKind, secretKey, type BackendKind, type SecretsOf } from '../backends/backend-kind.ts';
import { AnthropicProvider } from './anthropic/anthropic-provider.ts';
import { anthropicProviderParamsSchema } from './anthropic/anthropic-provider-params.ts';
import { MockProvider } from './mock-provider.ts';
import { mockProviderParamsSchema } from './mock-provider-params.ts';
import { OpenaiProvider } from './openai/openai-provider.ts';
import { openaiProviderParamsSchema } from './openai/openai-provider-params.ts';
import type { Provider } from './provider.ts';

/** The API key, or the environment variable the provider falls back to without one. */
const apiKey =
  (variable: string): SecretsOf =>
  (table, env) =>
    secretKey(table['api_key'] ?? env[variable]);

export const PROVIDER_KINDS: Readonly<Record<string, BackendKind<Provider>>> = {
  mock: backendKind(mockProviderParamsSchema, (name, params) => new MockProvider(name, params)),
  openai: backendKind(
    openaiProviderParamsSchema,
    (name, params, _config, env) => new OpenaiProvider(name, params, env.variables),
    apiKey('OPENAI_API_KEY'),
  ),
  anthropic: backendKind(
    anthropicProviderParamsSchema,
    (name, params, _config, env) => new AnthropicProvider(name, params, env.variables),
    apiKey('ANTHROPIC_API_KEY'),
  ),
};
