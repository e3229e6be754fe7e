import type {
  InterpretedRuntimeParams,
  RhaiRuntimeParams,
  WasmRuntimeParams,
} from '../config/params/runtime-params.ts';
import type { Engine, EngineOptions } from '../runtimes/engine.ts';
import { isRuntimeKind, RUNTIME_KINDS, type RuntimeKind } from '../runtimes/runtime-kinds.ts';
import type { RuntimeSpec } from './protocol.ts';

type EngineFactory = (options: EngineOptions, runtime: RuntimeSpec) => Promise<Engine>;

// Each engine is loaded only by the agents that use it: an agent process starts faster when it
// does not parse the other runtimes (jco's glue above all).
const ENGINES: Record<RuntimeKind, EngineFactory> = {
  js: async (options) => (await import('../runtimes/js/js-engine.ts')).createJsEngine(options),
  rhai: async (options, runtime) =>
    (await import('../runtimes/rhai/rhai-engine.ts')).createRhaiEngine(options, runtime.params as RhaiRuntimeParams),
  wasm: async (options, runtime) =>
    (await import('../runtimes/wasm/wasm-engine.ts')).createWasmEngine(options, {
      source: { kind: 'component' },
      sandbox: runtime.params as WasmRuntimeParams,
    }),
};

export async function createEngine(options: EngineOptions, runtime: RuntimeSpec): Promise<Engine> {
  if (!isRuntimeKind(runtime.kind)) {
    throw new Error(`runtime kind "${runtime.kind}" is not supported; supported kinds: ${RUNTIME_KINDS.join(', ')}`);
  }
  // omw's `interpreter` parameter: a component that runs the script text in place of the built-in
  // interpreter of an interpreted kind.
  const { interpreter } = runtime.params as Partial<InterpretedRuntimeParams>;
  if (interpreter !== undefined) {
    const sandbox = runtime.params as InterpretedRuntimeParams;
    const { createWasmEngine } = await import('../runtimes/wasm/wasm-engine.ts');
    return createWasmEngine(options, { source: { kind: 'interpreter', path: interpreter }, sandbox });
  }
  return ENGINES[runtime.kind](options, runtime);
}
