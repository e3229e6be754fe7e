import { buildBackend, checkedBackend, type BackendEnvironment } from '../backends/backend-kind.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { PROVIDER_KINDS } from '../providers/provider-kinds.ts';
import type { Provider } from '../providers/provider.ts';
import { TOOLING_KINDS } from '../tooling/tooling-kinds.ts';
import type { Tooling } from '../tooling/tooling.ts';
import { gatedTable } from '../trust/backend-gate.ts';
import { HeldTooling } from '../trust/held-tooling.ts';
import type { Restrictions } from '../trust/restrictions.ts';

/**
 * Builds every configured provider and tooling; a bad entry is a located ConfigError. In a
 * workspace that is not trusted (`restrictions`), a tool server whose command is held back is
 * checked but not started, and credentials from the environment are withheld (main/trust).
 */
export function buildBackends(
  config: OmwConfig,
  env: BackendEnvironment,
  restrictions?: Restrictions,
): { providers: Map<string, Provider>; tooling: Map<string, Tooling> } {
  const build = <T>(
    section: 'providers' | 'tooling',
    kinds: Parameters<typeof buildBackend<T, BackendEnvironment>>[0],
    held: (name: string, kind: string) => T | undefined,
  ) =>
    new Map(
      Object.entries(config[section]).map(([name, table]) => {
        const at = [section, name];
        const { impl, variables } = gatedTable(restrictions, section, name, table);
        const stand = held(name, impl.kind);
        if (stand !== undefined) {
          checkedBackend(kinds, impl, config, at);
          return [name, stand];
        }
        return [name, buildBackend(kinds, name, impl, config, variables ? { ...env, variables } : env, at)];
      }),
    );
  const heldTooling = (name: string, kind: string) => {
    const item = restrictions?.heldTooling(name);
    return item ? new HeldTooling(name, kind, item) : undefined;
  };
  return {
    providers: build<Provider>('providers', PROVIDER_KINDS, () => undefined),
    tooling: build<Tooling>('tooling', TOOLING_KINDS, heldTooling),
  };
}
