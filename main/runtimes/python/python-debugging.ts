// A Python iteration under the debugger's DebugController. When it is attached as the iteration
// starts, the prelude runs the brain under `sys.settrace` with hooks that report to it; otherwise
// no trace function is installed and the brain runs as it would without a debugger. While the
// debugger evaluates in the stopped brain, host calls are refused (the host is waiting for the
// brain, so a call would never return) and the evaluation is cut off after EVALUATION_MS; the
// time the brain stood still is not its computing time.

import { performance } from 'node:perf_hooks';
import { HostCallError } from '../../host-api/host-call-error.ts';
import type { DebugController } from '../debug/debug-controller.ts';
import type { HostCall } from '../engine.ts';
import type { IterationGuard } from '../iteration-guard.ts';
import { PythonDebugTarget } from './python-debug-target.ts';
import type { PythonRealm } from './python-realm.ts';
import { statementLines } from './python-statement-lines.ts';

const EVALUATION_MS = 1000;

type ExceptionHook = (message: string, caught: boolean, line: number, depth: number) => void;

export class PythonDebugging {
  readonly #debug: DebugController;
  readonly #guard: IterationGuard;
  readonly #target: PythonDebugTarget;
  #evaluatingSince: number | undefined;
  #filename = '';
  /** The last brain's statement lines: a brain runs many iterations. */
  #lines: { script: string; json: string } | undefined;

  constructor(debug: DebugController, guard: IterationGuard, realm: PythonRealm) {
    this.#debug = debug;
    this.#guard = guard;
    this.#target = new PythonDebugTarget(
      realm,
      (work) => this.#evaluation(work),
      () => this.#guard.hostReturned(),
    );
  }

  /** While the debugger evaluates: whether the evaluation has run too long (else undefined). */
  get evaluationOverdue(): boolean | undefined {
    const since = this.#evaluatingSince;
    return since === undefined ? undefined : performance.now() - since > EVALUATION_MS;
  }

  /** `hostCall`, refused while the debugger evaluates in the stopped brain. */
  refusingWhileEvaluating(hostCall: HostCall): HostCall {
    return (op, args) => {
      if (this.#evaluatingSince !== undefined) {
        throw new HostCallError(`${op} is not available while the brain is stopped in the debugger`);
      }
      return hostCall(op, args);
    };
  }

  /**
   * The brain's statement lines (JSON) when the debugger is attached, for the prelude to run it
   * traced, reporting to `statement` and `exception`; it then serves held host calls too.
   */
  begin(script: string, filename: string): string | undefined {
    const debug = this.#debug;
    if (!debug.attached) return undefined;
    debug.beginIteration();
    debug.setTarget(this.#target);
    this.#filename = filename;
    if (this.#lines?.script !== script) this.#lines = { script, json: JSON.stringify(statementLines(script)) };
    return this.#lines.json;
  }

  end(): void {
    this.#debug.setTarget(undefined);
  }

  readonly statement = (line: number, depth: number): void => {
    this.#debug.statement(this.#filename, line, 1, depth, this.#target);
  };

  readonly exception: ExceptionHook = (message, caught, line, depth) => {
    const where = { source: this.#filename, line, column: 1, depth };
    this.#debug.exception(message, caught, where, this.#target);
  };

  #evaluation<T>(work: () => T): T {
    const outer = this.#evaluatingSince;
    this.#evaluatingSince ??= performance.now();
    try {
      return work();
    } finally {
      this.#evaluatingSince = outer;
    }
  }
}
