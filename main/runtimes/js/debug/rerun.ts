// Re-runs a debugged iteration up to where the live brain is stopped, to show the variables of
// frames entered while the debugger's hooks were off (QuickJS cannot read a suspended frame). The
// re-run runs the brain instrumented for it (rerun-hooks.ts) in a QuickJS engine of its own beside
// the stopped one, every host call served from what the live run got (call-log.ts), `Math.random`
// and the clock from what it read (debug-prelude.ts), so it runs as the live brain ran: entry
// serials count alike, and the stop is where the stop's frame (by its serial) passes the stop's
// site after as many entries and host calls, its variables holding what the live ones hold; for
// a brain held in a host call, where it asks for that call.
//
// It runs twice. The first pass learns the serials of the frames around the stop's, from the
// stack of serials the entries keep, as the stop's frame is entered (or the call asked for). The
// second marks those frames as they are entered, takes their hooked statements' accessors, and
// stops at the stop.
// Both run about as fast as the brain ran with the hooks off. The frames there are checked
// against the live stack; then their accessors read what the live frames hold, in the re-run's
// context, until the live brain goes on.

import { performance } from 'node:perf_hooks';
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { EngineVm } from '../engine-vm.ts';
import { GuestRealm } from '../guest-realm.ts';
import { installOmwGlobal } from '../omw-global.ts';
import { installPrintGlobals } from '../print-globals.ts';
import { brainFrames, outerRecords, type BrainFrame } from './brain-frames.ts';
import type { CallLog } from './call-log.ts';
import { preludeHandoff, preludeSource, type RerunPass } from './debug-prelude.ts';
import { FrameSignatures } from './frame-signature.ts';
import { instrumentBrain, type InstrumentedBrain } from './instrument.ts';
import { rerunHooks } from './rerun-hooks.ts';

/** How long one evaluation in a re-run's frames may run (as in the live brain's). */
const EVALUATION_MS = 1000;

const HOST_CLOSED = 'a re-run of the iteration cannot call the host';

const OTHER_VALUES =
  "it came to the stop's statement, but never with the values the stopped frame holds (the brain does not run the same way twice)";

/** Where re-runs get a QuickJS engine of their own: one kept beside the brain's, dropped once spent. */
export interface RerunEngines {
  take(): EngineVm | undefined;
  drop(vm: EngineVm): void;
}

/** Where the live brain is stopped, as the re-run must find it. */
export type RerunStop = {
  /** Host calls the iteration had made. */
  calls: number;
  /** The live brain's frames, innermost first. */
  frames: readonly BrainFrame[];
} & (
  | {
      /** At a hooked site, in the frame of the entry serial `depth`, after `serial` entries. */
      kind: 'site';
      site: number;
      depth: number;
      serial: number;
      /** The stop's frame's variables as text, and those that hold primitives as literals. */
      signature: string;
      literals: ReadonlyMap<number, string>;
    }
  /** Held in its next host call: every frame, the calling one too, is the re-run's. */
  | { kind: 'call' }
);

/** What a stop held in a host call gives the hooks and prelude: no site, serial or frame matches it. */
const NO_SITE = { site: -1, depth: -1, serial: -1, literals: new Map<number, string>() };

export interface RerunRequest {
  /** The brain's own source, and its live instrumentation. */
  script: string;
  brain: InstrumentedBrain;
  filename: string;
  calls: CallLog;
  /** What the live brain read of `Math.random` and of the clock, in order. */
  entropy: { randoms: number[]; clocks: number[] };
  stop: RerunStop;
  vm: EngineVm;
}

/** A frame's last hooked statement in the re-run. */
export interface RerunRecord {
  site: number;
  accessor: QuickJSHandle;
}

export type RerunOutcome =
  | { ok: true; rerun: Rerun }
  | { ok: false; reason: string }
  /** The engine it ran in broke or filled up: it is not to be used again. */
  | { ok: false; reason: string; spent: true };

/** A re-run stopped where the live brain is: its frames' records, read until disposed. */
export class Rerun {
  #deadline: number | undefined;

  constructor(
    readonly realm: GuestRealm,
    readonly helpers: QuickJSHandle,
    /** By the live frame's index (index 0, the innermost, is the live brain's own at a site). */
    readonly records: readonly (RerunRecord | undefined)[],
    private readonly ctx: QuickJSContext,
    vm: EngineVm,
  ) {
    vm.runtime.setInterruptHandler(() => this.#deadline !== undefined && performance.now() > this.#deadline);
  }

  /** Runs guest code of the debugger's in the re-run: host calls closed, cut off after a second. */
  evaluating<T>(run: () => T): T {
    const outer = this.#deadline;
    this.#deadline ??= performance.now() + EVALUATION_MS;
    try {
      return this.realm.withoutHost(HOST_CLOSED, run);
    } finally {
      this.#deadline = outer;
    }
  }

  dispose(): void {
    for (const record of this.records) record?.accessor.dispose();
    this.helpers.dispose();
    this.realm.dispose();
    this.ctx.dispose();
  }
}

export function rerunToStop(request: RerunRequest): RerunOutcome {
  const { stop } = request;
  const at = stop.kind === 'site' ? stop : NO_SITE;
  const instrumentation = instrumentBrain(request.script, rerunHooks(at));
  const brain = instrumentation.ok ? instrumentation.brain : undefined;
  if (!brain || brain.sites.length !== request.brain.sites.length) {
    return { ok: false, reason: 'the brain could not be instrumented for it' };
  }
  const pass: Omit<RerunPass, 'pass' | 'wanted'> = { site: at.site, depth: at.depth, serial: at.serial };
  const found = runPass(request, brain, { ...pass, pass: 'find', wanted: [] });
  if (!found.ok) return found;
  if (!('serials' in found)) return { ok: false, reason: 'its first pass did not learn the frames' };
  const around = [...new Set(found.serials)].filter((serial) => at.depth < 0 || serial < at.depth);
  const wanted = [...around.sort((a, b) => a - b), ...(at.depth < 0 ? [] : [at.depth])];
  const read = runPass(request, brain, { ...pass, pass: 'read', wanted });
  if (!read.ok) return read;
  return 'rerun' in read ? read : { ok: false, reason: 'its second pass did not come to the stop' };
}

type PassOutcome =
  | { ok: true; serials: number[] }
  | { ok: true; rerun: Rerun }
  | { ok: false; reason: string }
  | { ok: false; reason: string; spent: true };

/** One pass of the re-run, from the iteration's start, in a context of its own. */
function runPass(request: RerunRequest, brain: InstrumentedBrain, pass: RerunPass): PassOutcome {
  const { vm, stop, filename } = request;
  vm.guard.start();
  const ctx = vm.runtime.newContext();
  let failure: string | undefined;
  let otherValues = false;
  let serials: number[] | undefined;
  let records: (RerunRecord | undefined)[] | undefined;
  const fail = (reason: string): void => {
    failure ??= reason;
  };
  const { hostCall, served } = request.calls.served(stop.calls, fail);
  const realm = new GuestRealm(ctx, vm.guard, { hostCall, print: () => undefined });
  let helpers: QuickJSHandle | undefined;
  let signatures: FrameSignatures | undefined;
  let kept = false;
  const done = () => serials !== undefined || records !== undefined || failure !== undefined;
  /** At the stop: the frames' records, when the stack is the live one. */
  const arrived = (): void => {
    const found = arrivedRecords(ctx, helpers!, brain, request);
    if (!found) fail('it came to the stop with other frames on the stack');
    records = found ?? [];
  };
  vm.runtime.setInterruptHandler(() => done() || vm.guard.shouldInterrupt());
  try {
    installOmwGlobal(realm);
    installPrintGlobals(realm);
    helpers = prelude(ctx, realm, request, brain, pass, {
      found: (list) => {
        serials = list;
      },
      arrive: (accessor) => {
        if (stop.kind !== 'site' || served() !== stop.calls) return false;
        try {
          const signature = signatures!.signature(brain.sites[stop.site]!.names.length, accessor);
          if (signature !== stop.signature) {
            otherValues = true;
            return false;
          }
          arrived();
        } catch (error) {
          fail(`reading its frames failed: ${String(error)}`);
        }
        return true;
      },
      beforeCall: () => {
        if (stop.kind !== 'call' || served() !== stop.calls) return false;
        try {
          if (pass.pass === 'find')
            serials = call(ctx, helpers!, 'stackSerials').consume((l) => ctx.dump(l) as number[]);
          else arrived();
        } catch (error) {
          fail(`reading its frames failed: ${String(error)}`);
        }
        return true;
      },
      left: () => fail(otherValues ? OTHER_VALUES : 'it went past the stop without coming to it'),
      diverged: (what) => fail(`it read ${what} more often than the iteration had by the stop`),
    });
    signatures = new FrameSignatures(ctx, helpers);
    const evaluation = ctx.evalCode(brain.code, filename, { type: 'global' });
    const completed = !evaluation.error;
    (evaluation.error ?? evaluation.value).dispose();
    if (completed && !done()) vm.runtime.executePendingJobs().error?.dispose();
    const spent = vm.memoryCapHit || vm.runtime.hasPendingJob();
    if (failure === undefined && serials) return { ok: true, serials };
    if (failure === undefined && records) {
      kept = true;
      return { ok: true, rerun: new Rerun(realm, helpers, records, ctx, vm) };
    }
    const stopped = vm.memoryCapHit
      ? 'it needed more memory than a re-run may take beside the stopped brain'
      : vm.guard.stopReason && `it was stopped: ${vm.guard.stopReason}`;
    const reason = failure ?? stopped ?? (otherValues ? OTHER_VALUES : 'it ended before the stop');
    return spent ? { ok: false, reason, spent } : { ok: false, reason };
  } catch (error) {
    // QuickJS itself failed (a trap, the thread's stack): its engine is not to be trusted again.
    return { ok: false, reason: `the engine it ran in failed: ${String(error)}`, spent: true };
  } finally {
    signatures?.dispose();
    if (!kept) {
      for (const record of records ?? []) record?.accessor.dispose();
      helpers?.dispose();
      realm.dispose();
      ctx.dispose();
    }
  }
}

interface RerunHost {
  found(serials: number[]): void;
  arrive(accessor: QuickJSHandle): boolean;
  beforeCall(): boolean;
  left(): void;
  diverged(what: string): void;
}

/** The pass's prelude; its value is the helpers object. */
function prelude(
  ctx: QuickJSContext,
  realm: GuestRealm,
  request: RerunRequest,
  brain: InstrumentedBrain,
  pass: RerunPass,
  rerunHost: RerunHost,
): QuickJSHandle {
  const { entropy, filename } = request;
  const host = ctx.newObject();
  const functions: Record<string, (...args: QuickJSHandle[]) => QuickJSHandle | void> = {
    found: (list) => rerunHost.found(ctx.dump(list!) as number[]),
    arrive: (accessor) => (rerunHost.arrive(accessor!) ? ctx.true : ctx.false),
    beforeCall: () => (rerunHost.beforeCall() ? ctx.true : ctx.false),
    left: () => rerunHost.left(),
    diverged: (what) => rerunHost.diverged(ctx.getString(what!)),
    mapStack: (stack) => ctx.newString(brain.columns.mapStack(ctx.getString(stack!), filename)),
  };
  for (const [name, implementation] of Object.entries(functions)) {
    ctx.newFunction(name, implementation).consume((fn) => ctx.setProp(host, name, fn));
  }
  realm.values.create([entropy.randoms, entropy.clocks]).consume((logged) => ctx.setProp(host, 'logged', logged));
  ctx.setProp(ctx.global, preludeHandoff(brain.prefix), host);
  host.dispose();
  return ctx.unwrapResult(ctx.evalCode(preludeSource(brain.prefix, pass), '<debugger>', { type: 'global' }));
}

/** The records of the frames the re-run reads, by frame; none when the stack is not the live one. */
function arrivedRecords(
  ctx: QuickJSContext,
  helpers: QuickJSHandle,
  brain: InstrumentedBrain,
  { filename, stop }: RerunRequest,
): (RerunRecord | undefined)[] | undefined {
  const frames = brainFrames(text(ctx, call(ctx, helpers, 'stack')), brain, filename);
  // By name: a call in a fast copy can be placed at its `return`, where the re-run's is at its `(`.
  const same = frames.length === stop.frames.length && frames.every((frame, i) => frame.name === stop.frames[i]!.name);
  if (!same) return undefined;
  const list = call(ctx, helpers, 'records');
  try {
    const length = ctx.getProp(list, 'length').consume((l) => ctx.getNumber(l));
    const all: (RerunRecord & { serial: number })[] = [];
    for (let i = 0; i < length; i++) {
      ctx.getProp(list, i).consume((entry) => {
        const [serial, site] = [0, 1].map((k) => ctx.getProp(entry, k).consume((v) => ctx.getNumber(v)));
        all.push({ serial: serial!, site: site!, accessor: ctx.getProp(entry, 2) });
      });
    }
    all.sort((a, b) => b.serial - a.serial);
    // Held in a call, the calling frame is the re-run's too; at a site, the live brain's.
    const from = stop.kind === 'call' ? 0 : 1;
    const matched = outerRecords(frames, all, brain, from).map((r) => r && { site: r.site, accessor: r.accessor });
    for (const record of all) if (!matched.some((m) => m?.accessor === record.accessor)) record.accessor.dispose();
    return matched;
  } finally {
    list.dispose();
  }
}

/** Calls a prelude helper in the re-run; what it throws becomes a host error. */
function call(ctx: QuickJSContext, helpers: QuickJSHandle, name: string, ...args: QuickJSHandle[]): QuickJSHandle {
  return ctx.getProp(helpers, name).consume((fn) => ctx.unwrapResult(ctx.callFunction(fn, ctx.undefined, ...args)));
}

function text(ctx: QuickJSContext, handle: QuickJSHandle): string {
  return handle.consume((h) => ctx.getString(h));
}
