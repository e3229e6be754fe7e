// The `python` engine: Python brains on Pyodide (CPython 3.14 on wasm), bound to the host as
// omw's Python runtime is (omw-compat 11b). See docs/python-runtime.md.

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CheckResult, Engine, EngineOptions, RunResult } from '../engine.ts';
import type { EngineFactory } from '../runtime-descriptor.ts';
import { BoundInterpreter } from './bound-interpreter.ts';
import { loadInterpreter } from './python-interpreter.ts';

/** The interpreter is loaded before the engine reports ready, so no iteration waits for it. */
export const createEngine: EngineFactory = async (options) => {
  const engine = new PythonEngine(options);
  await engine.load();
  return engine;
};

/** The text Pyodide gives a JavaScript stack overflow inside CPython. */
const NATIVE_STACK_OVERFLOW = /Maximum call stack size exceeded/;

class PythonEngine implements Engine {
  readonly #options: EngineOptions;
  #interpreter: BoundInterpreter | undefined;
  #loadFailure: string | undefined;
  #disposed = false;

  constructor(options: EngineOptions) {
    this.#options = options;
  }

  kind(): string {
    return 'python';
  }

  /** Loads a new interpreter when there is none: at the start, and after one failed beyond repair. */
  async load(): Promise<boolean> {
    if (this.#interpreter !== undefined || this.#disposed) return false;
    try {
      const pyodide = await loadInterpreter({ print: this.#options.print });
      this.#interpreter = new BoundInterpreter(pyodide, this.#options);
      // Pyodide leaves work for the event loop's next turn that holds the thread for a few hundred
      // milliseconds; done here, it counts as loading rather than as the first iteration's time.
      await nextTurn();
      this.#loadFailure = undefined;
      return true;
    } catch (error) {
      this.#loadFailure = String(error);
      return false;
    }
  }

  check(script: string, filename: string): CheckResult {
    const interpreter = this.#interpreter;
    if (interpreter === undefined) return { ok: false, error: this.#unavailableMessage() };
    try {
      return interpreter.check(script, filename);
    } catch (error) {
      return this.#interpreterFailed(error);
    }
  }

  run(script: string, filename: string): RunResult {
    const interpreter = this.#interpreter;
    if (interpreter === undefined) return { ok: false, error: this.#unavailableMessage() };
    try {
      return interpreter.run(script, filename);
    } catch (error) {
      return { ok: false, error: interpreter.guard.stopReason ?? this.#interpreterFailed(error).error };
    }
  }

  prepare(): void {
    try {
      this.#interpreter?.prepare();
    } catch (error) {
      this.#interpreterFailed(error);
    }
  }

  dispose(): void {
    this.#disposed = true;
    this.#interpreter?.dispose();
    this.#interpreter = undefined;
  }

  /**
   * Pyodide itself failed (its stack overflowed in C code, or it aborted): the interpreter is
   * dropped and the next command's `load` starts a fresh one.
   */
  #interpreterFailed(error: unknown): { ok: false; error: string } {
    this.#interpreter = undefined;
    const text = String(error);
    if (NATIVE_STACK_OVERFLOW.test(text)) {
      return { ok: false, error: "RecursionError: maximum recursion depth exceeded (the engine thread's stack)" };
    }
    return { ok: false, error: `the python engine failed: ${text.split('\n')[0]}` };
  }

  #unavailableMessage(): string {
    if (this.#disposed) return 'the python engine has been disposed';
    return `the python interpreter could not be loaded: ${this.#loadFailure ?? 'unknown error'}`;
  }
}
