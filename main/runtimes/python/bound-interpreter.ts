// An interpreter with the binding installed and the engine's limits on it: the host calls go
// through the guard, the guard is polled through Pyodide's interrupt mechanism, and its memory is
// capped. `run`, `check` and `prepare` are python-prelude.ts's, reached through the realm
// (python-realm.ts), which alone holds the interpreter.

import { guardedHostCall } from '../binding/guarded-host-call.ts';
import type { CheckResult, EngineOptions, RunResult } from '../engine.ts';
import { IterationGuard } from '../iteration-guard.ts';
import { memoryCap } from './memory-cap.ts';
import { PythonDebugging, WANT_SIGNAL } from './python-debugging.ts';
import { pythonHostFunctions } from './python-host-functions.ts';
import type { PythonRealm } from './python-realm.ts';

/** What Pyodide reads as its interrupt buffer: `2` (SIGINT) raises KeyboardInterrupt in the brain. */
const SIGINT = 2;

/**
 * Python frames per KiB of `max_stack_kb`: omw's default 512 KiB gives CPython's default limit of
 * about 1000. Pure Python calls do not use the engine thread's stack in CPython 3.14, so this only
 * scales the limit with the setting.
 */
const FRAMES_PER_KIB = 2;
const MIN_RECURSION_LIMIT = 64;

/** python-prelude.ts's `run` answer, read as untrusted text: the realm may be the brain's. */
interface RunReport {
  ok?: unknown;
  exited?: unknown;
  error?: unknown;
  line?: unknown;
  column?: unknown;
}

export class BoundInterpreter {
  readonly guard: IterationGuard;
  readonly #realm: PythonRealm;
  readonly #debugging: PythonDebugging | undefined;
  #running = false;

  constructor(realm: PythonRealm, options: EngineOptions) {
    const { limits } = options;
    this.#realm = realm;
    this.guard = new IterationGuard(limits, options.interrupt);
    const debugging = options.debug && new PythonDebugging(options.debug, this.guard, realm);
    this.#debugging = debugging;
    const hostCall = debugging ? debugging.refusingWhileEvaluating(options.hostCall) : options.hostCall;
    const host = pythonHostFunctions(guardedHostCall(hostCall, this.guard));
    const { targets } = realm;
    targets.call = (index, args) => host.call(index, ...args);
    targets.callTree = host.callTree;
    targets.failure = host.failure;
    targets.print = (text) => {
      // Output travels to the host like a host call, so its time is not the brain's either.
      try {
        options.print(text);
      } finally {
        this.guard.hostReturned();
      }
    };
    // Pyodide polls this every few dozen bytecodes while Python runs: the guard (busy limit, the
    // bridge's interrupt flag, a stop), or, while the debugger evaluates in the stopped brain,
    // whether the evaluation ran too long.
    targets.signal = () => {
      if (!this.#running) return 0;
      const overdue = debugging?.evaluationOverdue;
      if (overdue ?? this.guard.shouldInterrupt()) return SIGINT;
      return debugging?.wantChanged ? WANT_SIGNAL : 0;
    };
    if (debugging) {
      targets.statement = debugging.statement;
      targets.exception = debugging.exception;
      targets.wanted = debugging.wanted;
    }
    const recursionLimit = Math.max(MIN_RECURSION_LIMIT, Math.floor((limits.maxStackBytes / 1024) * FRAMES_PER_KIB));
    const baseline = realm.bind(host.opsJson, host.failed, recursionLimit);
    targets.growRefused = memoryCap(baseline, limits.maxMemoryBytes, this.guard);
  }

  /**
   * Runs an empty brain once, unguarded, so that the first iteration does not pay for the paths
   * an iteration takes the first time (about 20 ms, which would count against its busy limit).
   */
  warmUp(): void {
    this.#realm.run('None', '<warm-up>', undefined);
    this.#realm.prepare();
  }

  check(script: string, filename: string): CheckResult {
    return JSON.parse(this.#realm.check(script, filename)) as CheckResult;
  }

  /** Throws a RealmFailure when the interpreter itself failed. */
  run(script: string, filename: string): RunResult {
    this.guard.start();
    this.#running = true;
    let report: RunReport;
    const linesJson = this.#debugging?.begin(script, filename);
    try {
      report = JSON.parse(this.#realm.run(script, filename, linesJson)) as RunReport;
    } finally {
      this.#running = false;
      this.#debugging?.end();
    }
    // A stop the script swallowed (a caught KeyboardInterrupt or MemoryError) still fails it.
    const { stopReason } = this.guard;
    if (stopReason !== undefined) return { ok: false, error: stopReason };
    if (report.ok !== true) {
      return {
        ok: false,
        error: typeof report.error === 'string' ? report.error : 'the brain failed',
        ...(typeof report.line === 'number' ? { line: report.line } : {}),
        ...(typeof report.column === 'number' ? { column: report.column } : {}),
      };
    }
    return { ok: true, outcome: report.exited === undefined ? 'completed' : { exited: String(report.exited) } };
  }

  prepare(): void {
    this.#realm.prepare();
  }

  dispose(): void {
    this.#realm.dispose();
  }
}
