import type { Engine, EngineOptions } from '../runtimes/engine.ts';
import { createJsEngine } from '../runtimes/js/js-engine.ts';
import { isRuntimeKind, RUNTIME_KINDS, type RuntimeKind } from '../runtimes/runtime-kinds.ts';
import type { RuntimeSpec } from './protocol.ts';

type EngineFactory = (options: EngineOptions, runtime: RuntimeSpec) => Promise<Engine>;

const ENGINES: Record<RuntimeKind, EngineFactory> = {
  js: (options) => createJsEngine(options),
};

export function createEngine(options: EngineOptions, runtime: RuntimeSpec): Promise<Engine> {
  if (!isRuntimeKind(runtime.kind)) {
    throw new Error(`runtime kind "${runtime.kind}" is not supported; supported kinds: ${RUNTIME_KINDS.join(', ')}`);
  }
  return ENGINES[runtime.kind](options, runtime);
}
