import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

/**
 * `ctx.dump` without its trap: dump() disposes a promise handle it renders, which would break the
 * caller's own disposal, so it gets a reference of its own.
 */
export function dumpValue(ctx: QuickJSContext, handle: QuickJSHandle): unknown {
  const reference = handle.dup();
  try {
    return ctx.dump(reference);
  } finally {
    if (reference.alive) reference.dispose();
  }
}
