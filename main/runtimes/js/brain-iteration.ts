// One iteration of a JavaScript brain, in a context of its own: brain state never carries over
// between iterations (omw starts each iteration afresh too; state lives in host memory).

import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { EngineOptions, RunResult } from '../engine.ts';
import { brainFailure } from './brain-failure.ts';
import { completionOutcome } from './completion-outcome.ts';
import { DebugSession } from './debug/debug-session.ts';
import type { RerunEngines } from './debug/rerun.ts';
import type { EngineVm } from './engine-vm.ts';
import { GuestRealm } from './guest-realm.ts';
import { installOmwGlobal } from './omw-global.ts';
import { installPrintGlobals } from './print-globals.ts';

/** A fresh context with the brain's globals installed, ready for one iteration. */
export interface IterationContext {
  ctx: QuickJSContext;
  realm: GuestRealm;
}

/** Builds the next iteration's context; the engine does it ahead of time, between iterations. */
export function prepareIteration(vm: EngineVm, options: EngineOptions): IterationContext {
  vm.guard.start();
  const ctx = vm.runtime.newContext();
  const realm = new GuestRealm(ctx, vm.guard, options);
  try {
    installOmwGlobal(realm);
    installPrintGlobals(realm);
  } catch (error) {
    realm.dispose();
    ctx.dispose();
    throw error;
  }
  return { ctx, realm };
}

export function runIteration(
  vm: EngineVm,
  options: EngineOptions,
  script: string,
  filename: string,
  prepared: IterationContext = prepareIteration(vm, options),
  /** Where a debugger's re-runs of the iteration get their engine (debug/rerun.ts). */
  engines?: RerunEngines,
): RunResult {
  vm.guard.start();
  const { ctx, realm } = prepared;
  // Instrumented only while a debugger wants something of this iteration; otherwise untouched.
  const session = options.debug?.attached
    ? DebugSession.open(vm, realm, options.debug, script, filename, engines)
    : undefined;
  // A stop by the guard carries no position: QuickJS does not update the frame's position on
  // loop back-edges, so an interrupt reports a stale one.
  const failure = (thrown: QuickJSHandle): RunResult => {
    if (session) return session.failure(thrown);
    const stopReason = vm.guard.stopReason;
    return stopReason === undefined ? brainFailure(ctx, thrown, filename) : { ok: false, error: stopReason };
  };
  try {
    // Global (eval-style) code, not a function body: its completion value is the brain's answer.
    const evaluation = ctx.evalCode(session?.code ?? script, filename, { type: 'global' });
    if (evaluation.error) return evaluation.error.consume(failure);
    return evaluation.value.consume((completion) => {
      const jobs = vm.runtime.executePendingJobs();
      if (jobs.error) return jobs.error.consume(failure);
      const result = completionOutcome(realm, completion);
      // A stop the script swallowed (a caught host failure) still fails the iteration.
      const stopReason = vm.guard.stopReason;
      return stopReason === undefined ? result : { ok: false, error: stopReason };
    });
  } finally {
    session?.close();
    realm.dispose();
    ctx.dispose();
  }
}
