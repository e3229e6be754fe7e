import type { CallHandlers } from './call-scope.ts';

/** The agent's own key/value memory; omw traces keys, never values (a set's value is Brainbench's, on its result). */
export const memoryCalls: CallHandlers = {
  'host.memory-get': (scope, [key]) => {
    scope.record('memory_get', { key: key });
    return scope.ctx.memory.get(key);
  },
  'host.memory-set': (scope, [key, value]) => {
    scope.record('memory_set', { key: key }, null, { value });
    scope.ctx.memory.set(key, value);
  },
  'host.memory-remove': (scope, [key]) => {
    scope.record('memory_remove', { key: key });
    return scope.ctx.memory.delete(key);
  },
};
