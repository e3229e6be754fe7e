import { ConfigError } from './config-error.ts';
import type { KeyOrigins } from './config-types.ts';
import { formatKeyPath, type KeyPath } from './key-path.ts';

/**
 * A ConfigError at the position of `path`, or of its nearest located ancestor when the key
 * itself is missing (a required key is reported where its table is).
 */
export function locatedError(origins: KeyOrigins, path: KeyPath, problem: string, found?: string): ConfigError {
  let location;
  for (let length = path.length; length >= 0 && !location; length--) location = origins.locate(path.slice(0, length));
  return new ConfigError({
    file: location?.file ?? origins.file,
    line: location?.line,
    column: location?.column,
    keyPath: path.length > 0 ? formatKeyPath(path) : undefined,
    problem,
    found,
  });
}
