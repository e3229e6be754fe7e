// Validation markers for a config buffer that may not be saved yet: the same loader omw's
// config goes through, run on the text, its ConfigError turned into an editor diagnostic.

import { ConfigError } from '../config/config-error.ts';
import { loadConfig } from '../config/load-config.ts';
import type { Diagnostic } from '../../contract/views.ts';

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

export function checkConfigText(file: string, text: string): Diagnostic[] {
  try {
    loadConfig(file, { text, env: {} });
    return [];
  } catch (error) {
    return [errorDiagnostic(error as Error)];
  }
}
