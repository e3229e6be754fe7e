// Validation markers for a config buffer that may not be saved yet: what saving it would run into.
// First the loader omw's config goes through (syntax, the schema); then what starting its agents
// checks, each back end's and each agent's runtime's kind and params, where every problem is
// found, not only the first.

import { ConfigError } from '../config/config-error.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { checkedBackend } from '../backends/backend-kind.ts';
import { ENDPOINT_KINDS } from '../endpoint/endpoint-kinds.ts';
import { PROVIDER_KINDS } from '../providers/provider-kinds.ts';
import { agentInit } from '../supervisor/agent-init.ts';
import { TOOLING_KINDS } from '../tooling/tooling-kinds.ts';
import type { Diagnostic } from '../../contract/views.ts';
import { loadWorkspaceConfig } from './workspace-config.ts';

function configErrorDiagnostic(error: ConfigError): Diagnostic {
  const line = error.line ?? 1;
  const column = error.column ?? 1;
  const message = [error.keyPath, error.problem].filter(Boolean).join(': ') + (error.found ? ` (${error.found})` : '');
  return { message, severity: 'error', line, column, endLine: line, endColumn: column + 1 };
}

/** Any error that stops a config from loading; one without a position is shown at its start. */
export function errorDiagnostic(error: Error): Diagnostic {
  if (error instanceof ConfigError) return configErrorDiagnostic(error);
  return { message: error.message, severity: 'error', line: 1, column: 1, endLine: 1, endColumn: 2 };
}

/** `file` is the workspace's config: a test config is checked on its bases. */
export function checkConfigText(file: string, text: string): Diagnostic[] {
  let config: OmwConfig;
  try {
    config = loadWorkspaceConfig(file, { env: {}, text });
  } catch (error) {
    return [errorDiagnostic(error as Error)];
  }
  const found = new Map<string, Diagnostic>();
  for (const check of startupChecks(config)) {
    try {
      check();
    } catch (error) {
      const diagnostic = errorDiagnostic(error as Error);
      // Agents on one runtime share its problem.
      found.set(`${diagnostic.line}:${diagnostic.column}:${diagnostic.message}`, diagnostic);
    }
  }
  return [...found.values()];
}

/** What the host and the supervisor check as they start on a config, one check per table. */
function startupChecks(config: OmwConfig): (() => unknown)[] {
  return [
    ...Object.entries(config.providers).map(
      ([name, impl]) =>
        () =>
          checkedBackend(PROVIDER_KINDS, impl, config, ['providers', name]),
    ),
    ...Object.entries(config.tooling).map(
      ([name, impl]) =>
        () =>
          checkedBackend(TOOLING_KINDS, impl, config, ['tooling', name]),
    ),
    ...(config.endpoint ? [() => checkedBackend(ENDPOINT_KINDS, config.endpoint!, config, ['endpoint'])] : []),
    ...Object.keys(config.agents).map((agent) => () => agentInit(config, agent)),
  ];
}
