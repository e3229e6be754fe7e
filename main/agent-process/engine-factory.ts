import type { InterpretedRuntimeParams, WasmRuntimeParams } from '../config/params/runtime-params.ts';
import type { Engine, EngineOptions } from '../runtimes/engine.ts';
import { createJsEngine } from '../runtimes/js/js-engine.ts';
import { createRhaiEngine } from '../runtimes/rhai/rhai-engine.ts';
import { isRuntimeKind, RUNTIME_KINDS, type RuntimeKind } from '../runtimes/runtime-kinds.ts';
import { createWasmEngine } from '../runtimes/wasm/wasm-engine.ts';
import type { RuntimeSpec } from './protocol.ts';

type EngineFactory = (options: EngineOptions, runtime: RuntimeSpec) => Promise<Engine>;

const ENGINES: Record<RuntimeKind, EngineFactory> = {
  js: (options) => createJsEngine(options),
  rhai: (options) => createRhaiEngine(options),
  wasm: async (options, runtime) =>
    createWasmEngine(options, { source: { kind: 'component' }, sandbox: runtime.params as WasmRuntimeParams }),
};

export function createEngine(options: EngineOptions, runtime: RuntimeSpec): Promise<Engine> {
  if (!isRuntimeKind(runtime.kind)) {
    throw new Error(`runtime kind "${runtime.kind}" is not supported; supported kinds: ${RUNTIME_KINDS.join(', ')}`);
  }
  // omw's `interpreter` parameter: a component that runs the script text in place of the built-in
  // interpreter of an interpreted kind.
  const { interpreter } = runtime.params as Partial<InterpretedRuntimeParams>;
  if (interpreter !== undefined) {
    const sandbox = runtime.params as InterpretedRuntimeParams;
    return Promise.resolve(createWasmEngine(options, { source: { kind: 'interpreter', path: interpreter }, sandbox }));
  }
  return ENGINES[runtime.kind](options, runtime);
}
