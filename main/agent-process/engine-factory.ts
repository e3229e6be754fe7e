import type { Engine, EngineOptions } from '../runtimes/engine.ts';
import type { EngineFactory } from '../runtimes/runtime-descriptor.ts';
import type { InterpretedRuntimeParams } from '../runtimes/runtime-params.ts';
import type { RuntimeSpec } from '../agent-protocol/agent-protocol.ts';

// Each kind's engine module is its own chunk (a bundled glob import), loaded only by the agents
// that use it: an agent process starts faster when it does not parse the other runtimes (jco's
// glue above all). The host has checked the kind against the runtime descriptors.
const engineModule = (kind: string): Promise<{ createEngine: EngineFactory; warmEngine?: () => Promise<void> }> =>
  import(`../runtimes/${kind}/${kind}-engine.ts`);

/**
 * Readies what a kind's engine needs before the agent is known: its module and, where the kind
 * has one, its warm-up (the interpreter loaded). Never fails: createEngine reports what is wrong.
 */
export async function warmEngine(kind: string): Promise<void> {
  try {
    await (await engineModule(kind)).warmEngine?.();
  } catch {
    // An unknown kind or a failed warm-up: the engine is then built, or fails, as from cold.
  }
}

export async function createEngine(options: EngineOptions, runtime: RuntimeSpec): Promise<Engine> {
  // omw's `interpreter` parameter: a component that runs the script text in place of the built-in
  // interpreter of an interpreted kind.
  const { interpreter } = runtime.params as Partial<InterpretedRuntimeParams>;
  if (interpreter !== undefined) {
    const sandbox = runtime.params as InterpretedRuntimeParams;
    const { createWasmEngine } = await import('../runtimes/wasm/wasm-engine.ts');
    return createWasmEngine(options, { source: { kind: 'interpreter', path: interpreter }, sandbox });
  }
  return (await engineModule(runtime.kind)).createEngine(options, runtime.params);
}
