import type { z } from 'zod';

import type { ImplConfig, OmwConfig } from '../config-types.ts';
import type { KeyPath } from '../key-path.ts';
import { validateLocated } from '../validate-located.ts';

/**
 * Validates an implementation's params when its back end is built (omw-compat 1.2).
 * @param pathPrefix where the implementation's table is, e.g. `['providers', 'main']`; its params
 *   are that table's keys, so a bad `turns[2].content` is reported as `providers.main.turns[2].content`
 * @throws ConfigError located at the offending key
 */
export function parseParams<T>(schema: z.ZodType<T>, impl: ImplConfig, config: OmwConfig, pathPrefix: KeyPath): T {
  return validateLocated(schema, impl.params, config, pathPrefix);
}
