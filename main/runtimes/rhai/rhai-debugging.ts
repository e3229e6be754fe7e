// A Rhai run under the debugger's DebugController: the language's statement and error hooks
// call it while it is attached, switched on mid-run when it attaches then (the progress check
// asks), and only code whose lines hold a breakpoint, or any while stepping, runs hooked.
// Evaluating for the debugger cannot call the host: the host is waiting for the stopped brain,
// so such a call would never return.

import type { RunOptions } from '../../rhai/language/engine.ts';
import { ALL_SOURCES, type RunHooks } from '../../rhai/language/eval/runtime.ts';
import { dirname, sep } from 'node:path';
import { HostCallError } from '../../host-api/host-call-error.ts';
import type { HostCall } from '../engine.ts';
import type { DebugController } from '../debug/debug-controller.ts';
import type { IterationGuard } from '../iteration-guard.ts';
import { RhaiDebugTarget } from './rhai-debug-target.ts';

export class RhaiDebugging {
  readonly #debug: DebugController;
  readonly #guard: IterationGuard;
  #evaluating = false;

  constructor(debug: DebugController, guard: IterationGuard) {
    this.#debug = debug;
    this.#guard = guard;
  }

  /** `hostCall`, refused while the debugger evaluates in the stopped brain. */
  refusingWhileEvaluating(hostCall: HostCall): HostCall {
    return (op, args) => {
      if (this.#evaluating) {
        throw new HostCallError(`${op} is not available while the brain is stopped in the debugger`);
      }
      return hostCall(op, args);
    };
  }

  /** Runs one iteration of `filename` with `base` hooks under the debugger. */
  run<T>(filename: string, base: RunHooks, work: (options: Pick<RunOptions, 'hooks' | 'inspect'>) => T): T {
    const debug = this.#debug;
    if (debug.attached) debug.beginIteration();
    let target: RhaiDebugTarget | undefined;
    const hooks: RunHooks = {
      ...base,
      onStatement: (pos, frame) => {
        if (target === undefined || !target.run.isScriptFrame(frame)) return;
        const held = target;
        const source = held.run.source ?? filename;
        held.heldAt(pos, () => debug.statement(source, pos.line, pos.col, held.run.depth, held));
        if (debug.stepping) held.run.wakeWhereNeeded();
      },
      statementsWanted: () => debug.attached,
      needsStatements: (firstLine, lastLine, source) => {
        if (debug.stepping || debug.entryPending) return true;
        if (source === ALL_SOURCES) {
          if (someBreakpointIn(debug, filename)) return true;
        } else if (someLineWithin(debug.breakpointLines(source ?? filename), firstLine, lastLine)) return true;
        // Its statements go uncounted: a stop after it is found again by where it is (time travel).
        debug.unhooked();
        return false;
      },
      onError: (error, pos) => {
        if (target === undefined) return;
        const held = target;
        const where = { source: held.run.source ?? filename, line: pos.line, column: pos.col, depth: held.run.depth };
        held.heldAt(pos, () => debug.exception(error.message, held.run.isCaught(error, pos), where, held));
        if (debug.stepping) held.run.wakeWhereNeeded();
      },
    };
    const inspect: RunOptions['inspect'] = (run) => {
      target = new RhaiDebugTarget(run, filename, {
        evaluating: (evaluation) => this.#evaluation(evaluation),
        // The time the brain stood still is not its computing time.
        released: () => this.#guard.hostReturned(),
      });
      debug.setTarget(target);
    };
    try {
      return work({ hooks, inspect });
    } finally {
      debug.setTarget(undefined);
    }
  }

  #evaluation<T>(work: () => T): T {
    const outer = this.#evaluating;
    this.#evaluating = true;
    try {
      return work();
    } finally {
      this.#evaluating = outer;
    }
  }
}

function someLineWithin(lines: ReadonlySet<number>, first: number, last: number): boolean {
  for (const line of lines) if (line >= first && line <= last) return true;
  return false;
}

/** A breakpoint in the brain, or in a file of its folder tree (a module it may import). */
function someBreakpointIn(debug: DebugController, filename: string): boolean {
  const folder = dirname(filename) + sep;
  for (const source of debug.breakpointSources()) {
    if (source === filename || source.startsWith(folder)) return true;
  }
  return false;
}
