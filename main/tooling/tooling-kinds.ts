// The `kind`s of `[tooling.<name>]`.

import { backendKind, secretKey, secretMap, type BackendKind } from '../backends/backend-kind.ts';
import { McpTooling } from './mcp/mcp-tooling.ts';
import { mcpToolingParamsSchema } from './mcp/mcp-tooling-params.ts';
import { resolveServerCwd } from './mcp/mcp-transport.ts';
import { MockTooling } from './mock-tooling.ts';
import { mockToolingParamsSchema } from './mock-tooling-params.ts';
import type { Tooling } from './tooling.ts';

export const TOOLING_KINDS: Readonly<Record<string, BackendKind<Tooling>>> = {
  mock: backendKind(mockToolingParamsSchema, (name, params, _config, env) => new MockTooling(name, params, env)),
  mcp: backendKind(
    mcpToolingParamsSchema,
    (name, params, config, _env, at) => {
      const cwd = params.transport === 'stdio' && params.cwd !== undefined ? params.cwd : undefined;
      return new McpTooling(name, params, {
        cwd: cwd !== undefined ? resolveServerCwd(cwd, config, at) : undefined,
        backoff: {
          startMs: config.tunables.tooling_connect_backoff_start_ms,
          capMs: config.tunables.tooling_connect_backoff_cap_secs * 1000,
        },
      });
    },
    (table) => [...secretMap(table['env']), ...secretKey(table['auth_token']), ...secretMap(table['headers'])],
  ),
};
