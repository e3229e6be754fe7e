import { locatedError } from '../config/located-error.ts';
import type { ImplConfig, OmwConfig } from '../config/config-types.ts';
import { anthropicProviderParamsSchema } from '../config/params/provider-anthropic-params.ts';
import { mockProviderParamsSchema } from '../config/params/provider-mock-params.ts';
import { openaiProviderParamsSchema } from '../config/params/provider-openai-params.ts';
import { mcpToolingParamsSchema } from '../config/params/tooling-mcp-params.ts';
import { mockToolingParamsSchema } from '../config/params/tooling-mock-params.ts';
import { parseParams } from '../config/params/parse-params.ts';
import { AnthropicProvider } from '../providers/anthropic/anthropic-provider.ts';
import { MockProvider } from '../providers/mock-provider.ts';
import { OpenaiProvider } from '../providers/openai/openai-provider.ts';
import type { Provider } from '../providers/provider.ts';
import { McpTooling } from '../tooling/mcp/mcp-tooling.ts';
import { resolveServerCwd } from '../tooling/mcp/mcp-transport.ts';
import { MockTooling, type MockEnvironment } from '../tooling/mock-tooling.ts';
import type { Tooling } from '../tooling/tooling.ts';

type Factory<T> = (name: string, impl: ImplConfig, config: OmwConfig, env: MockEnvironment) => T;

/** The back ends each `kind` builds. */
export interface BackendFactories {
  providers: Record<string, Factory<Provider>>;
  tooling: Record<string, Factory<Tooling>>;
}

export const BUILTIN_BACKENDS: BackendFactories = {
  providers: {
    mock: (name, impl, config) =>
      new MockProvider(name, parseParams(mockProviderParamsSchema, impl, config, ['providers', name])),
    openai: (name, impl, config) =>
      new OpenaiProvider(name, parseParams(openaiProviderParamsSchema, impl, config, ['providers', name])),
    anthropic: (name, impl, config) =>
      new AnthropicProvider(name, parseParams(anthropicProviderParamsSchema, impl, config, ['providers', name])),
  },
  tooling: {
    mock: (name, impl, config, env) =>
      new MockTooling(name, parseParams(mockToolingParamsSchema, impl, config, ['tooling', name]), env),
    mcp: (name, impl, config) => {
      const params = parseParams(mcpToolingParamsSchema, impl, config, ['tooling', name]);
      const cwd = params.transport === 'stdio' && params.cwd !== undefined ? params.cwd : undefined;
      return new McpTooling(name, params, {
        cwd: cwd !== undefined ? resolveServerCwd(cwd, config, ['tooling', name]) : undefined,
        backoff: {
          startMs: config.tunables.tooling_connect_backoff_start_ms,
          capMs: config.tunables.tooling_connect_backoff_cap_secs * 1000,
        },
      });
    },
  },
};

function build<T>(
  section: 'providers' | 'tooling',
  factories: Record<string, Factory<T>>,
  config: OmwConfig,
  env: MockEnvironment,
): Map<string, T> {
  const built = new Map<string, T>();
  for (const [name, impl] of Object.entries(config[section])) {
    const factory = factories[impl.kind];
    if (!factory) {
      const known = Object.keys(factories).sort().join(', ');
      throw locatedError(config, [section, name, 'kind'], `unknown kind "${impl.kind}"; registered kinds: ${known}`);
    }
    built.set(name, factory(name, impl, config, env));
  }
  return built;
}

/** Builds every configured provider and tooling; a bad entry is a located ConfigError. */
export function buildBackends(
  config: OmwConfig,
  env: MockEnvironment,
  factories: BackendFactories = BUILTIN_BACKENDS,
): { providers: Map<string, Provider>; tooling: Map<string, Tooling> } {
  return {
    providers: build('providers', factories.providers, config, env),
    tooling: build('tooling', factories.tooling, config, env),
  };
}
