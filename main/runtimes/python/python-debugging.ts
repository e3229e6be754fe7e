// A Python iteration under the debugger's DebugController. The prelude watches the brain through
// `sys.monitoring` (python-debug-prelude.ts) and asks here what is wanted: nothing while no
// debugger is attached (the brain runs as it would without one), the statements of the code that
// holds a breakpoint, or every statement while a step, a pause, time travel or coverage is under
// way. A change (a debugger attaching mid-iteration, a breakpoint set, a pause) is noticed at
// Pyodide's interrupt poll, which then raises WANT_SIGNAL for the prelude to ask again. While the
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
/** SIGUSR1: the signal whose Python handler asks what the debugger wants now. */
export const WANT_SIGNAL = 10;

/** What the prelude last switched on: attached or not, every statement or breakpoint lines only. */
interface Want {
  on: boolean;
  step: boolean;
  lines: ReadonlySet<number>;
}

type ExceptionHook = (message: string, caught: boolean, line: number, depth: number) => string;

export class PythonDebugging {
  readonly #debug: DebugController;
  readonly #guard: IterationGuard;
  readonly #target: PythonDebugTarget;
  #evaluatingSince: number | undefined;
  #filename = '';
  /** The last brain's statement lines: a brain runs many iterations. */
  #lines: { script: string; json: string } | undefined;
  /** What the running iteration's prelude has switched on; undefined between iterations. */
  #applied: Want | undefined;
  /** Inside a hook (maybe stopped there): its answer carries a change, no signal is raised. */
  #inHook = false;
  /**
   * The signal was raised and its handler has not asked yet: raised once, since the handler's own
   * code polls again before it asks, and a second signal would run the handler inside itself.
   */
  #signalled = false;

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
   * The brain's statement lines (JSON), for the prelude to watch the iteration, reporting to
   * `statement` and `exception` and asking `wanted`; the target serves held host calls too.
   */
  begin(script: string, filename: string): string {
    const debug = this.#debug;
    if (debug.attached) debug.beginIteration();
    debug.setTarget(this.#target);
    this.#filename = filename;
    this.#applied = undefined;
    this.#signalled = false;
    if (this.#lines?.script !== script) this.#lines = { script, json: JSON.stringify(statementLines(script)) };
    return this.#lines.json;
  }

  end(): void {
    this.#applied = undefined;
    this.#debug.setTarget(undefined);
  }

  /** At Pyodide's interrupt poll: whether the prelude must ask `wanted` again. */
  get wantChanged(): boolean {
    const applied = this.#applied;
    if (applied === undefined || this.#signalled || this.#inHook || this.#evaluatingSince !== undefined) return false;
    const now = this.#want();
    this.#signalled = now.on !== applied.on || now.step !== applied.step || now.lines !== applied.lines;
    return this.#signalled;
  }

  /** What the prelude must switch on, as JSON, when it changed since it last asked (else ''). */
  readonly wanted = (): string => {
    this.#signalled = false;
    const applied = this.#applied;
    const want = this.#want();
    if (applied !== undefined && want.on === applied.on && want.step === applied.step && want.lines === applied.lines) {
      return '';
    }
    this.#applied = want;
    // Statements now run unreported: a stop after them is found again by where it is (time travel).
    if (!want.step) this.#debug.unhooked();
    return JSON.stringify({ on: want.on, step: want.step, lines: [...want.lines] });
  };

  readonly statement = (line: number, depth: number): string =>
    this.#hook(() => this.#debug.statement(this.#filename, line, 1, depth, this.#target));

  readonly exception: ExceptionHook = (message, caught, line, depth) =>
    this.#hook(() =>
      this.#debug.exception(message, caught, { source: this.#filename, line, column: 1, depth }, this.#target),
    );

  #hook(report: () => void): string {
    this.#inHook = true;
    try {
      report();
    } finally {
      this.#inHook = false;
    }
    return this.wanted();
  }

  #want(): Want {
    const debug = this.#debug;
    const on = debug.attached;
    return { on, step: on && debug.stepping, lines: debug.breakpointLines(this.#filename) };
  }

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
