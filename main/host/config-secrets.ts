// Every value a config marks as secret (omw-compat 1.3), for the trace's Redactor: provider API keys
// (or the environment variables they fall back to), an MCP server's env, auth token and headers,
// and a runtime's WASI env.

import { secretMap } from '../backends/backend-kind.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { ENDPOINT_KINDS } from '../endpoint/endpoint-kinds.ts';
import { PROVIDER_KINDS } from '../providers/provider-kinds.ts';
import { TOOLING_KINDS } from '../tooling/tooling-kinds.ts';

export function configSecrets(
  config: OmwConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  const of = (
    kinds: typeof PROVIDER_KINDS | typeof TOOLING_KINDS | typeof ENDPOINT_KINDS,
    impls: OmwConfig['providers'],
  ) =>
    Object.values(impls).flatMap((impl) =>
      Object.hasOwn(kinds, impl.kind) ? kinds[impl.kind]!.secrets(impl.params, env) : [],
    );
  return [
    ...of(PROVIDER_KINDS, config.providers),
    ...of(TOOLING_KINDS, config.tooling),
    ...(config.endpoint ? of(ENDPOINT_KINDS, { endpoint: config.endpoint }) : []),
    ...Object.values(config.runtime).flatMap((impl) => secretMap(impl.params['env'])),
  ];
}
