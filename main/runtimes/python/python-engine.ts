// The `python` engine: Python brains on Pyodide (CPython 3.14 on wasm), bound to the host as
// omw's Python runtime is (omw-compat 11b). See docs/python-runtime.md.

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CheckResult, Engine, EngineOptions, RunResult } from '../engine.ts';
import type { EngineFactory } from '../runtime-descriptor.ts';
import { BoundInterpreter } from './bound-interpreter.ts';
import { PythonRealm, RealmFailure } from './python-realm.ts';

interface WarmInterpreter {
  realm: PythonRealm;
  /** Where Pyodide's own output goes: held until an engine takes the interpreter, then its print. */
  output: { print: (text: string) => void; held: string[] };
}

/** The interpreter a warm thread loaded before its agent was known: the next engine takes it. */
let warmInterpreter: Promise<WarmInterpreter> | undefined;

export const warmEngine = async (): Promise<void> => {
  warmInterpreter ??= (async () => {
    const output: WarmInterpreter['output'] = { held: [], print: (text) => output.held.push(text) };
    const realm = await PythonRealm.load({ print: (text) => output.print(text) });
    await nextTurn();
    return { realm, output };
  })();
  await warmInterpreter;
};

/** The warm interpreter, its output from now on going to `print`; a fresh one without it. */
async function takeInterpreter(print: (text: string) => void): Promise<PythonRealm> {
  const warm = warmInterpreter;
  warmInterpreter = undefined;
  const taken = await warm?.catch(() => undefined);
  if (!taken) return PythonRealm.load({ print });
  taken.output.held.splice(0).forEach(print);
  taken.output.print = print;
  return taken.realm;
}

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
  /** Why there is no interpreter: the last load's failure, or the failure that dropped it. */
  #unavailable = 'the python interpreter is not loaded';
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
      const realm = await takeInterpreter(this.#options.print);
      this.#interpreter = new BoundInterpreter(realm, this.#options);
      this.#interpreter.warmUp();
      // Pyodide leaves work for the event loop's next turn that holds the thread for a few hundred
      // milliseconds; done here, it counts as loading rather than as the first iteration's time.
      await nextTurn();
      return true;
    } catch (error) {
      this.#unavailable = `the python interpreter could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
      return false;
    }
  }

  check(script: string, filename: string): CheckResult {
    return this.#withInterpreter((interpreter) => interpreter.check(script, filename));
  }

  run(script: string, filename: string): RunResult {
    return this.#withInterpreter((interpreter) => interpreter.run(script, filename));
  }

  prepare(): void {
    try {
      this.#interpreter?.prepare();
    } catch (error) {
      this.#unavailable = `the python interpreter failed while idle: ${this.#interpreterFailed(error)}`;
    }
  }

  dispose(): void {
    this.#disposed = true;
    this.#interpreter?.dispose();
    this.#interpreter = undefined;
  }

  /** A stop the guard decided on explains a failure of the interpreter better than its own text. */
  #withInterpreter<R extends CheckResult>(use: (interpreter: BoundInterpreter) => R): R | { ok: false; error: string } {
    const interpreter = this.#interpreter;
    if (interpreter === undefined) return { ok: false, error: this.#unavailableMessage() };
    try {
      return use(interpreter);
    } catch (error) {
      const failed = this.#interpreterFailed(error);
      return { ok: false, error: interpreter.guard.stopReason ?? failed };
    }
  }

  /**
   * What went wrong when Pyodide threw instead of Python reporting: an exception that escaped the
   * prelude (a KeyboardInterrupt while it reported a failure), or a fatal error of Pyodide itself
   * (its stack overflowed in C code, or it aborted), after which the interpreter is dropped and the
   * next command's `load` starts a fresh one.
   */
  #interpreterFailed(error: unknown): string {
    const message = error instanceof Error ? error.message : 'unknown failure';
    const text = message.split('\n')[0]!;
    if (error instanceof RealmFailure && error.fatal) {
      // Not disposed: a failed Pyodide refuses every call, its proxies' `destroy` too.
      this.#interpreter = undefined;
      this.#unavailable = `the python interpreter failed and has not been reloaded: ${text}`;
    }
    if (NATIVE_STACK_OVERFLOW.test(message)) {
      return "RecursionError: maximum recursion depth exceeded (the engine thread's stack)";
    }
    return `the python engine failed: ${text}`;
  }

  #unavailableMessage(): string {
    return this.#disposed ? 'the python engine has been disposed' : this.#unavailable;
  }
}
