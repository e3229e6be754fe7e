// The parts of the WebAssembly JavaScript API the wasm runtime uses, typed here because they are
// in neither the ES lib nor @types/node 20 (a global declaration would change how other code that
// meets these types compiles).

export type CoreImports = Record<string, Record<string, unknown>>;

/** A compiled core module; opaque. */
export type CoreModule = object;

export interface CoreInstance {
  readonly exports: Record<string, unknown>;
}

export interface CoreMemory {
  readonly buffer: ArrayBuffer;
}

interface WebAssemblyApi {
  compile(bytes: ArrayBufferView): Promise<CoreModule>;
  Instance: new (module: CoreModule, imports: CoreImports) => CoreInstance;
  Memory: abstract new () => CoreMemory;
  RuntimeError: abstract new () => Error;
}

export const webAssembly = (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;
