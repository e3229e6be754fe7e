// Relative paths in a runtime's params (the `interpreter` component, preopened `host_path`s)
// resolve against the folder of the config file that set them, as relative `script` paths do.

import { dirname, resolve } from 'node:path';
import type { KeyOrigins } from '../../config/config-types.ts';
import type { KeyPath } from '../../config/key-path.ts';

function resolvedAt(origins: KeyOrigins, path: KeyPath, value: string): string {
  const file = origins.locate(path)?.file;
  return resolve(file && !origins.setByEnvironment(path) ? dirname(file) : dirname(origins.file), value);
}

/** `params` with its path-valued keys made absolute; `at` is where the runtime's table is. */
export function withResolvedPaths<T extends { interpreter?: string; preopens: { host_path: string }[] }>(
  params: T,
  origins: KeyOrigins,
  at: KeyPath,
): T {
  return {
    ...params,
    ...(params.interpreter === undefined
      ? {}
      : { interpreter: resolvedAt(origins, [...at, 'interpreter'], params.interpreter) }),
    preopens: params.preopens.map((preopen, index) => ({
      ...preopen,
      host_path: resolvedAt(origins, [...at, 'preopens', index, 'host_path'], preopen.host_path),
    })),
  };
}
