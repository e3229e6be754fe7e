// An interpreter with the binding installed and the engine's limits on it: the host calls go
// through the guard, the guard is polled through Pyodide's interrupt mechanism, and its memory is
// capped. `run`, `check` and `prepare` are python-prelude.ts's.

import { guardedHostCall } from '../binding/guarded-host-call.ts';
import type { CheckResult, EngineOptions, RunResult } from '../engine.ts';
import { IterationGuard } from '../iteration-guard.ts';
import { capMemory, type WasmMemory } from './memory-cap.ts';
import { PythonDebugging } from './python-debugging.ts';
import type { PythonDebugFunctions } from './python-debug-target.ts';
import { pythonHostFunctions } from './python-host-functions.ts';
import { BINDING_MODULE, type Pyodide } from './python-interpreter.ts';

/** What Pyodide reads as its interrupt buffer: `2` (SIGINT) raises KeyboardInterrupt in the brain. */
const SIGINT = 2;

/**
 * Python frames per KiB of `max_stack_kb`: omw's default 512 KiB gives CPython's default limit of
 * about 1000. Pure Python calls do not use the engine thread's stack in CPython 3.14, so this only
 * scales the limit with the setting.
 */
const FRAMES_PER_KIB = 2;
const MIN_RECURSION_LIMIT = 64;

type PythonFunction = ((...args: unknown[]) => unknown) & { destroy(): void };

interface BindingModule extends PythonDebugFunctions {
  install: PythonFunction;
  run: PythonFunction;
  check: PythonFunction;
  prepare: PythonFunction;
  destroy(): void;
}

type BindingFunctions = Pick<BindingModule, 'run' | 'check' | 'prepare'>;

/** Each attribute read makes a new proxy: the debugger's functions are read once too. */
const debugFunctions = (module: BindingModule): PythonDebugFunctions => {
  const { debug_stack, debug_scopes, debug_variables, debug_set_variable, debug_evaluate, debug_holds, debug_release } =
    module;
  return { debug_stack, debug_scopes, debug_variables, debug_set_variable, debug_evaluate, debug_holds, debug_release };
};

/** Pyodide's Emscripten module is not in its public types; its linear memory is. */
const wasmMemoryOf = (pyodide: Pyodide): WasmMemory =>
  (pyodide as unknown as { _module: { memory: WasmMemory } })._module.memory;

export class BoundInterpreter {
  readonly guard: IterationGuard;
  readonly #module: BindingModule;
  /** Each attribute read of a Python module makes a new proxy: the functions are read once. */
  readonly #python: BindingFunctions;
  readonly #debugging: PythonDebugging | undefined;
  #running = false;

  constructor(pyodide: Pyodide, options: EngineOptions) {
    const { limits } = options;
    this.guard = new IterationGuard(limits, options.interrupt);
    this.#module = pyodide.pyimport(BINDING_MODULE) as BindingModule;
    const { install, run, check, prepare } = this.#module;
    this.#python = { run, check, prepare };
    const debugging = options.debug && new PythonDebugging(options.debug, this.guard, debugFunctions(this.#module));
    this.#debugging = debugging;
    const hostCall = debugging ? debugging.refusingWhileEvaluating(options.hostCall) : options.hostCall;
    const host = pythonHostFunctions(guardedHostCall(hostCall, this.guard));
    const printLine = (text: string): void => {
      // Output travels to the host like a host call, so its time is not the brain's either.
      try {
        options.print(text);
      } finally {
        this.guard.hostReturned();
      }
    };
    const recursionLimit = Math.max(MIN_RECURSION_LIMIT, Math.floor((limits.maxStackBytes / 1024) * FRAMES_PER_KIB));
    install(host.call, host.callTree, host.failed, host.failure, printLine, host.opsJson, recursionLimit);
    // Pyodide reads slot 0 every few dozen bytecodes while Python runs, and writes 0 back after a
    // signal; a getter lets it ask the guard (busy limit, the bridge's interrupt flag, a stop), or,
    // while the debugger evaluates in the stopped brain, whether the evaluation ran too long.
    const signal = (): number => {
      if (!this.#running) return 0;
      const overdue = debugging?.evaluationOverdue;
      return (overdue ?? this.guard.shouldInterrupt()) ? SIGINT : 0;
    };
    const poll = {
      get 0(): number {
        return signal();
      },
      set 0(_cleared: number) {},
    };
    pyodide.setInterruptBuffer(poll as unknown as Int32Array);
    capMemory(wasmMemoryOf(pyodide), limits.maxMemoryBytes, this.guard);
  }

  check(script: string, filename: string): CheckResult {
    return JSON.parse(this.#python.check(script, filename) as string) as CheckResult;
  }

  /** Throws what Pyodide throws when the interpreter itself failed. */
  run(script: string, filename: string): RunResult {
    this.guard.start();
    this.#running = true;
    let report: { ok: boolean; exited?: string; error?: string; line?: number; column?: number };
    const traced = this.#debugging?.begin(script, filename) ?? [];
    try {
      report = JSON.parse(this.#python.run(script, filename, ...traced) as string) as typeof report;
    } finally {
      this.#running = false;
      this.#debugging?.end();
    }
    // A stop the script swallowed (a caught KeyboardInterrupt or MemoryError) still fails it.
    const { stopReason } = this.guard;
    if (stopReason !== undefined) return { ok: false, error: stopReason };
    if (!report.ok) {
      const { ok: _ok, exited: _exited, ...failure } = report;
      return { ok: false, error: failure.error ?? 'the brain failed', ...failure };
    }
    return { ok: true, outcome: report.exited === undefined ? 'completed' : { exited: report.exited } };
  }

  prepare(): void {
    this.#python.prepare();
  }

  dispose(): void {
    // The functions are borrowed from the module: destroying it destroys them.
    this.#module.destroy();
  }
}
