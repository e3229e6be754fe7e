import type { QuickJSRuntime } from 'quickjs-emscripten-core';
import type { CheckResult } from '../engine.ts';
import { brainFailure } from './brain-failure.ts';

/**
 * Compiles a brain as the engine runs it (global code) without running it, in a context of its
 * own: the check of the engine and of the editor alike, so an error sits where a run reports it.
 */
export function compileBrain(runtime: QuickJSRuntime, script: string, filename: string): CheckResult {
  const ctx = runtime.newContext();
  try {
    const compiled = ctx.evalCode(script, filename, { type: 'global', compileOnly: true });
    if (compiled.error) return compiled.error.consume((thrown) => brainFailure(ctx, thrown, filename));
    compiled.value.dispose();
    return { ok: true };
  } finally {
    ctx.dispose();
  }
}
