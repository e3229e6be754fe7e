import assert from 'node:assert/strict';

import { ConfigError } from '../../main/config/config-error.ts';

/** The ConfigError `action` throws; fails the test when it throws nothing or something else. */
export function configErrorOf(action: () => unknown): ConfigError {
  try {
    action();
  } catch (error) {
    assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a ConfigError, but nothing was thrown');
}
