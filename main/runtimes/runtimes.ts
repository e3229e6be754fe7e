// The runtime kinds this build runs, one descriptor each; adding a kind is its folder and one
// line here.

import { jsRuntime } from './js/js-runtime.ts';
import { pythonRuntime } from './python/python-runtime.ts';
import { rhaiRuntime } from './rhai/rhai-runtime.ts';
import type { RuntimeDescriptor } from './runtime-descriptor.ts';
import { wasmRuntime } from './wasm/wasm-runtime.ts';

/** In the order New agent offers them. */
export const RUNTIMES = {
  rhai: rhaiRuntime,
  js: jsRuntime,
  python: pythonRuntime,
  wasm: wasmRuntime,
} as const satisfies Record<string, RuntimeDescriptor>;

export type RuntimeKind = keyof typeof RUNTIMES;

export const RUNTIME_KINDS = Object.keys(RUNTIMES) as RuntimeKind[];

const isRuntimeKind = (kind: string): kind is RuntimeKind => Object.hasOwn(RUNTIMES, kind);

/** The descriptor of a configured kind; an unknown one is a config error its caller locates. */
export function runtimeDescriptor(kind: string): RuntimeDescriptor | undefined {
  return isRuntimeKind(kind) ? RUNTIMES[kind] : undefined;
}
