import { buildBackend, type BackendEnvironment } from '../backends/backend-kind.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { PROVIDER_KINDS } from '../providers/provider-kinds.ts';
import type { Provider } from '../providers/provider.ts';
import { TOOLING_KINDS } from '../tooling/tooling-kinds.ts';
import type { Tooling } from '../tooling/tooling.ts';

/** Builds every configured provider and tooling; a bad entry is a located ConfigError. */
export function buildBackends(
  config: OmwConfig,
  env: BackendEnvironment,
): { providers: Map<string, Provider>; tooling: Map<string, Tooling> } {
  const build = <T>(
    section: 'providers' | 'tooling',
    kinds: Parameters<typeof buildBackend<T, BackendEnvironment>>[0],
  ) =>
    new Map(
      Object.entries(config[section]).map(([name, impl]) => [
        name,
        buildBackend(kinds, name, impl, config, env, [section, name]),
      ]),
    );
  return { providers: build('providers', PROVIDER_KINDS), tooling: build('tooling', TOOLING_KINDS) };
}
