// One debugged iteration of a JavaScript brain: the instrumented source, the host functions its
// hooks call, and the DebugController they report to. The hooks reach the host only while the
// debugger wants statements, and functions take their fast copies while it wants nothing (no
// statements, no errors where thrown); otherwise the interrupt handler, which QuickJS polls
// anyway, is where a pause or a new breakpoint is noticed. The iteration's host calls are noted
// as they are made, so that the frames a stop finds entered while the hooks were off can be read
// in a re-run of the iteration to the stop (rerun.ts).

import { performance } from 'node:perf_hooks';
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { DebugController } from '../../debug/debug-controller.ts';
import { brainFailure, positionInStack, thrownText, type BrainFailure } from '../brain-failure.ts';
import type { EngineVm } from '../engine-vm.ts';
import type { GuestRealm } from '../guest-realm.ts';
import { dumpValue } from '../vm-dump.ts';
import type { BrainFrame } from './brain-frames.ts';
import { CallLog } from './call-log.ts';
import { ENTROPY_LIMIT, preludeHandoff, preludeSource } from './debug-prelude.ts';
import { FrameSignatures, type FrameLook } from './frame-signature.ts';
import { instrumentBrain, THROWN_AT, type InstrumentedBrain } from './instrument.ts';
import { JsDebugTarget, type FrameRecord, type HeldAt } from './js-debug-target.ts';
import { rerunToStop, type Rerun, type RerunEngines, type RerunStop } from './rerun.ts';

/** How long one evaluation by the debugger may run before it is cut off (the brain goes on). */
const EVALUATION_MS = 1000;

const HOST_CLOSED = 'the brain is stopped in the debugger, which cannot call the host';

const EDITED =
  'a variable was changed in the debugger earlier in this iteration, so a re-run of it would not hold what the brain holds now';
const NO_ENGINE =
  'no second QuickJS engine is free to re-run the iteration in (one is loading: the next stop will have it)';

/** The last brain instrumented, with whether QuickJS compiles it: a brain runs many iterations. */
let cached: { script: string; filename: string; brain: InstrumentedBrain | undefined } | undefined;

function instrumented(ctx: QuickJSContext, script: string, filename: string): InstrumentedBrain | undefined {
  if (cached?.script === script && cached.filename === filename) return cached.brain;
  const instrumentation = instrumentBrain(script);
  let brain = instrumentation.ok ? instrumentation.brain : undefined;
  if (brain) {
    // QuickJS may reject what acorn accepts; the brain then runs as it is, and fails as it would.
    const compiled = ctx.evalCode(brain.code, filename, { type: 'global', compileOnly: true });
    if (compiled.error) brain = undefined;
    (compiled.error ?? compiled.value).dispose();
  }
  cached = { script, filename, brain };
  return brain;
}

export class DebugSession {
  readonly code: string;
  readonly #vm: EngineVm;
  readonly #realm: GuestRealm;
  readonly #debug: DebugController;
  /** The brain's own source, and its instrumentation. */
  readonly #script: string;
  readonly #brain: InstrumentedBrain;
  readonly #filename: string;
  /** The prelude's switch of the statement hooks. */
  readonly #hook: QuickJSHandle;
  readonly #helpers: QuickJSHandle;
  readonly #signatures: FrameSignatures;
  readonly #target: JsDebugTarget;
  /** Each frame's last hooked statement by entry serial, with the hooks' switch-offs before it. */
  readonly #records = new Map<number, { site: number; accessor: QuickJSHandle; offs: number }>();
  readonly #calls = new CallLog();
  readonly #engines: RerunEngines | undefined;
  #held: HeldAt | undefined;
  #on = true;
  #fast = false;
  /** How often the hooks went off: statements have run unseen since a record of fewer. */
  #offs = 0;
  /** Whether the debugger changed a variable of the brain this iteration. */
  #edited = false;
  #evaluationDeadline: number | undefined;

  /** A session for this iteration, or undefined when the brain must run as it is. */
  static open(
    vm: EngineVm,
    realm: GuestRealm,
    debug: DebugController,
    script: string,
    filename: string,
    engines?: RerunEngines,
  ) {
    const brain = instrumented(realm.ctx, script, filename);
    return brain ? new DebugSession(vm, realm, debug, { script, brain, filename }, engines) : undefined;
  }

  private constructor(
    vm: EngineVm,
    realm: GuestRealm,
    debug: DebugController,
    { script, brain, filename }: { script: string; brain: InstrumentedBrain; filename: string },
    engines: RerunEngines | undefined,
  ) {
    this.#vm = vm;
    this.#realm = realm;
    this.#debug = debug;
    this.#script = script;
    this.#brain = brain;
    this.#filename = filename;
    this.#engines = engines;
    this.code = brain.code;
    realm.logCalls(this.#calls);
    // What the debugger read of the brain held in a call is stale once the call returns.
    this.#calls.onReturn = () => this.#target.release();
    const { ctx } = realm;
    const host = ctx.newObject();
    const functions: Record<string, (...args: QuickJSHandle[]) => QuickJSHandle | void> = {
      statement: (id, depth, accessor) => this.#statement(ctx.getNumber(id!), ctx.getNumber(depth!), accessor!),
      leave: (depth) => this.#leave(ctx.getNumber(depth!)),
      thrown: (thrown, kind, depth, accessor, site, counted) =>
        this.#thrown(thrown!, ctx.getNumber(kind!), ctx.getNumber(depth!), accessor!, ctx.getNumber(site!), counted!),
      mapStack: (stack) => ctx.newString(brain.columns.mapStack(ctx.getString(stack!), filename)),
    };
    for (const [name, implementation] of Object.entries(functions)) {
      ctx.newFunction(name, implementation).consume((fn) => ctx.setProp(host, name, fn));
    }
    ctx.setProp(ctx.global, preludeHandoff(brain.prefix), host);
    host.dispose();
    this.#helpers = ctx.unwrapResult(ctx.evalCode(preludeSource(brain.prefix), '<debugger>', { type: 'global' }));
    this.#hook = ctx.getProp(this.#helpers, 'hook');
    this.#signatures = new FrameSignatures(ctx, this.#helpers);
    const helpers = this.#helpers;
    this.#target = new JsDebugTarget({ realm, helpers, evaluating: (run) => this.#evaluating(run) }, brain, filename, {
      held: () => ({ at: this.#held, inCall: this.#calls.inCall, records: this.#outerRecords() }),
      rerun: (frames) => this.#rerun(frames),
      edited: () => {
        this.#edited = true;
      },
    });
    vm.runtime.setInterruptHandler(this.#shouldInterrupt);
    debug.beginIteration();
    debug.setTarget(this.#target);
  }

  /** A failed run, at the brain's own positions; an error nothing caught is reported first. */
  failure(thrown: QuickJSHandle): BrainFailure {
    const stopReason = this.#vm.guard.stopReason;
    if (stopReason !== undefined) return { ok: false, error: stopReason };
    const { ctx } = this.#realm;
    const failure = brainFailure(ctx, thrown, this.#filename);
    const fixed = this.#helperIs('fixed', thrown);
    if (!fixed && failure.line !== undefined && failure.column !== undefined) {
      Object.assign(failure, this.#brain.columns.original(failure.line, failure.column));
    }
    if (!this.#helperIs('reported', thrown)) {
      const where = { line: failure.line ?? 1, column: failure.column ?? 1 };
      this.#held = { site: undefined, ...where, depth: 0, accessor: undefined };
      try {
        this.#debug.exception(failure.error, false, { source: this.#filename, ...where, depth: 0 }, this.#target);
      } finally {
        this.#held = undefined;
        this.#vm.guard.hostReturned();
      }
    }
    return failure;
  }

  close(): void {
    this.#debug.setTarget(undefined);
    this.#target.release();
    this.#vm.runtime.setInterruptHandler(this.#vm.guard.shouldInterrupt);
    for (const record of this.#records.values()) record.accessor.dispose();
    this.#records.clear();
    this.#hook.dispose();
    this.#signatures.dispose();
    this.#helpers.dispose();
  }

  #statement(id: number, depth: number, accessor: QuickJSHandle): void {
    const site = this.#brain.sites[id]!;
    for (const [serial, record] of this.#records) {
      if (serial <= depth) continue;
      record.accessor.dispose();
      this.#records.delete(serial);
    }
    this.#records.get(depth)?.accessor.dispose();
    const kept = accessor.dup();
    this.#records.set(depth, { site: id, accessor: kept, offs: this.#offs });
    this.#held = { site: id, line: site.line, column: site.column, depth, accessor: kept };
    try {
      this.#debug.statement(this.#filename, site.line, site.column, depth, this.#target);
    } finally {
      this.#resume();
    }
  }

  #leave(depth: number): void {
    const record = this.#records.get(depth);
    if (!record) return;
    record.accessor.dispose();
    this.#records.delete(depth);
  }

  #thrown(
    thrown: QuickJSHandle,
    kind: number,
    depth: number,
    accessor: QuickJSHandle,
    siteId: number,
    counted: QuickJSHandle,
  ): void {
    const { ctx } = this.#realm;
    const value = dumpValue(ctx, thrown);
    const stack = (value as { stack?: unknown } | null)?.stack;
    const site = this.#brain.sites[siteId]!;
    const where = (typeof stack === 'string' && positionInStack(stack, this.#filename)) || site;
    const caught = kind === THROWN_AT.tryBlock || ctx.sameValue(counted, ctx.true);
    const kept = accessor.dup();
    this.#held = { site: siteId, line: where.line, column: where.column, depth, accessor: kept };
    try {
      this.#debug.exception(
        thrownText(value),
        caught,
        { source: this.#filename, line: where.line, column: where.column, depth },
        this.#target,
      );
    } finally {
      kept.dispose();
      this.#resume();
    }
  }

  /** After a hook: the stop's time was not the brain's, and hooks stay on only while wanted. */
  #resume(): void {
    // A condition or logpoint read frames without a stop; what it read is stale now.
    this.#target.release();
    this.#held = undefined;
    this.#vm.guard.hostReturned();
    const on = this.#wanted();
    this.#switch(on, !on && !this.#debug.watchesExceptions);
  }

  #wanted(): boolean {
    return this.#debug.stepping || this.#debug.breakpointLines(this.#filename).size > 0;
  }

  #switch(on: boolean, fast: boolean): void {
    if (on === this.#on && fast === this.#fast) return;
    // Statements now run uncounted: a stop after them is found again by where it is (time travel).
    if (this.#on && !on) {
      this.#debug.unhooked();
      this.#offs++;
    }
    this.#on = on;
    this.#fast = fast;
    const { ctx } = this.#realm;
    const switched = ctx.callFunction(
      this.#hook,
      ctx.undefined,
      on ? ctx.true : ctx.false,
      fast ? ctx.true : ctx.false,
    );
    (switched.error ?? switched.value).dispose();
  }

  /** Records of the frames outside the held one, innermost first. */
  #outerRecords(): FrameRecord[] {
    const held = this.#held?.depth ?? Number.POSITIVE_INFINITY;
    return [...this.#records.entries()]
      .filter(([serial]) => serial < held)
      .sort(([a], [b]) => b - a)
      .map(([, { site, accessor, offs }]) => ({ site, accessor, fresh: offs === this.#offs }));
  }

  /** Guest code the debugger runs; functions it calls leave the entry serials as they were. */
  #evaluating<T>(run: () => T): T {
    const outer = this.#evaluationDeadline;
    if (outer !== undefined) return this.#realm.withoutHost(HOST_CLOSED, run);
    this.#evaluationDeadline = performance.now() + EVALUATION_MS;
    const serial = this.#call('serial');
    try {
      return this.#realm.withoutHost(HOST_CLOSED, run);
    } finally {
      this.#call('setSerial', serial);
      serial.dispose();
      this.#evaluationDeadline = undefined;
    }
  }

  /** A re-run of the iteration to where the brain is held, or why there can be none. */
  #rerun(frames: readonly BrainFrame[]): { ok: true; rerun: Rerun } | { ok: false; reason: string } {
    const held = this.#held;
    const { ctx } = this.#realm;
    const refused = (reason: string) => ({ ok: false as const, reason });
    if (!held && !this.#calls.inCall) return refused('the brain is not held');
    if (held && (held.site === undefined || !held.accessor)) return refused('the brain is not held at a statement');
    if (this.#edited || this.#helperIs('changed')) return refused(EDITED);
    if (this.#calls.incomplete) return refused(this.#calls.incomplete);
    const [randoms, clocks, overflow] = this.#evaluating(() => this.#call('entropy').consume((e) => ctx.dump(e))) as [
      number[],
      number[],
      boolean,
    ];
    if (overflow) {
      return refused(
        `the brain read Math.random or the clock more than ${ENTROPY_LIMIT} times in this iteration, more than are kept to re-run it`,
      );
    }
    let stop: RerunStop = { kind: 'call', calls: this.#calls.length, frames };
    if (held) {
      const { site, accessor, depth } = held as { site: number; accessor: QuickJSHandle; depth: number };
      const count = this.#brain.sites[site]!.names.length;
      let look: FrameLook;
      try {
        look = this.#evaluating(() => this.#signatures.look(count, accessor));
      } catch (error) {
        return refused(`reading the stopped frame's variables failed: ${(error as Error).message}`);
      }
      const serial = this.#call('serial').consume((s) => ctx.getNumber(s));
      stop = { kind: 'site', site, depth, serial, calls: this.#calls.length, ...look, frames };
    }
    const vm = this.#engines?.take();
    if (!vm) return refused(NO_ENGINE);
    const outcome = rerunToStop({
      script: this.#script,
      brain: this.#brain,
      filename: this.#filename,
      calls: this.#calls,
      entropy: { randoms, clocks },
      stop,
      vm,
    });
    if (outcome.ok) return outcome;
    if ('spent' in outcome) this.#engines!.drop(vm);
    return refused(`the iteration was re-run to find them, but ${outcome.reason}`);
  }

  /** Calls a prelude helper; what it throws (a brain's Proxy can make it) becomes a host error. */
  #call(name: string, ...args: QuickJSHandle[]): QuickJSHandle {
    const { ctx } = this.#realm;
    return ctx
      .getProp(this.#helpers, name)
      .consume((fn) => ctx.unwrapResult(ctx.callFunction(fn, ctx.undefined, ...args)));
  }

  #helperIs(name: 'fixed' | 'reported' | 'changed', value?: QuickJSHandle): boolean {
    const { ctx } = this.#realm;
    const result = ctx
      .getProp(this.#helpers, name)
      .consume((fn) => ctx.callFunction(fn, ctx.undefined, ...(value ? [value] : [])));
    if (result.error) {
      result.error.dispose();
      return false;
    }
    return result.value.consume((v) => ctx.sameValue(v, ctx.true));
  }

  readonly #shouldInterrupt = (): boolean => {
    if (this.#evaluationDeadline !== undefined) return performance.now() > this.#evaluationDeadline;
    if (this.#vm.guard.shouldInterrupt()) return true;
    if ((this.#on && !this.#fast) || !this.#debug.attached) return false;
    // Only ever toward more instrumentation here: hooks switch off after a hook, never mid-statement.
    if (this.#wanted()) this.#switch(true, false);
    else if (this.#fast && this.#debug.watchesExceptions) this.#switch(false, false);
    return false;
  };
}
