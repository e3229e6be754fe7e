// The two sides of the Python realm's one door (docs/security.md#python-brains). Pyodide runs in a
// V8 context of its own that holds nothing of the host: its global object is empty but for the
// shims realm-shims.ts installs, and every JavaScript object a brain can reach was made inside it.
// The host lends it the functions of a RealmKernel, each wrapped by the realm in a function of its
// own (realm-trampoline.ts), so the host's function objects, and through them the host's
// `Function`, never become reachable; the host drives Pyodide through a RealmInterpreter, calling
// it with strings and numbers only. Nothing but primitives, and array views the host reads or
// fills, crosses in either direction.

/** What may cross the door as an argument or an answer. */
export type RealmPrimitive = string | number | bigint | boolean | undefined | null;

/** The files of the pyodide package the realm may read while it loads, and nothing else. */
export type PackageFile = 'python_stdlib.zip' | 'pyodide.asm.wasm';

/**
 * The host's side, as the realm's door (realm-door.ts) presents it to Pyodide. The host's own
 * functions (RealmKernel) check their arguments themselves (the realm may be the brain's by then),
 * answer a primitive, and never throw: a failure answers `failedToken`, and `lastError` says what
 * it was; the door turns that into an exception of the realm.
 */
export interface KernelFunctions {
  /** A package file's size while the realm loads; refused afterwards and for any other name. */
  packageFileSize(name: string): number;
  packageFileInto(name: string, target: Uint8Array): void;
  /** The saved memory snapshot's size, or -1 when there is none; refused once the realm is loaded. */
  snapshotSize(): number;
  snapshotInto(target: Uint8Array): void;
  /** Saves a new memory snapshot; once, while the realm loads. */
  saveSnapshot(bytes: Uint8Array): void;
  /** The load finished: undefined, or why it failed. */
  loaded(error: string | undefined): void;
  print(text: string): void;
  now(): number;
  randomInto(target: Uint8Array): void;
  setTimer(id: number, ms: number): void;
  clearTimer(id: number): void;
  decode(encoding: string, fatal: boolean, ignoreBom: boolean, input: ArrayBufferView): string;
  encodedLength(text: string): number;
  /** Encodes into `target`; answers the UTF-16 units read, and `encodedWritten` the bytes written. */
  encodeInto(text: string, target: Uint8Array): number;
  encodedWritten(): number;
  /** A host function of the binding, by index (python-host-functions.ts). */
  call(index: number, ...args: RealmPrimitive[]): RealmPrimitive;
  callTree(index: number, argumentsJson: string): RealmPrimitive;
  failure(): string;
  /** Pyodide's interrupt buffer: 2 (SIGINT) stops the brain. */
  signal(): number;
  /** Whether the interpreter's memory may grow by `pages` from `bytes`: undefined, or why not. */
  growRefused(bytes: number, pages: number): string | undefined;
  /** A brain statement entered; answers what the debugger wants now when that changed (else ''). */
  statement(line: number, depth: number): string;
  exception(message: string, caught: boolean, line: number, depth: number): string;
  /** What the debugger wants watched, as JSON, when that changed since last asked (else ''). */
  wanted(): string;
}

export type RealmKernel = {
  readonly failedToken: string;
  lastError(): string;
} & {
  readonly [K in keyof KernelFunctions]: (
    ...args: Parameters<KernelFunctions[K]>
  ) => ReturnType<KernelFunctions[K]> | string;
};

/**
 * The realm's side, as the host calls it. Answers are JSON text or primitives; a failure inside
 * Pyodide throws (the host reads only its text).
 */
export interface RealmInterpreter {
  /** Loads Pyodide (from the snapshot when there is one); `kernel.loaded` reports the end. */
  load(lockInfoJson: string, prelude: string, bindingModule: string): void;
  /**
   * Installs the binding: the host functions, the interrupt poll, the memory cap, the recursion
   * limit. Answers the interpreter's memory in bytes, which the cap counts from.
   */
  bind(opsJson: string, failedToken: string, recursionLimit: number): number;
  /** With `linesJson` (the brain's statement lines), watched by the debugger through the kernel. */
  run(script: string, filename: string, linesJson: string | undefined): string;
  check(script: string, filename: string): string;
  prepare(): void;
  /** One of python-debug-prelude.ts's `debug_*` functions, by name; its answer as JSON text. */
  debug(name: string, ...args: RealmPrimitive[]): string;
  /** Fires a timer the realm set through `kernel.setTimer`. */
  fireTimer(id: number): void;
  /** Whether the last failure Pyodide threw was fatal to the interpreter. */
  failedFatally(): boolean;
  dispose(): void;
}

/** The realm's global through which the host starts it, once: it deletes itself when called. */
export const REALM_START = '__omwRealmStart';
