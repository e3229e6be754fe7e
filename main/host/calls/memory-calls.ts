import type { CallHandlers } from '../call-scope.ts';

/** The agent's own key/value memory; values are never traced, only keys. */
export const memoryCalls: CallHandlers = {
  'host.memory-get': (scope, [key]) => {
    scope.record('memory_get', { key: String(key) });
    return scope.ctx.memory.get(String(key));
  },
  'host.memory-set': (scope, [key, value]) => {
    scope.record('memory_set', { key: String(key) });
    scope.ctx.memory.set(String(key), String(value));
  },
  'host.memory-remove': (scope, [key]) => {
    scope.record('memory_remove', { key: String(key) });
    return scope.ctx.memory.delete(String(key));
  },
};
