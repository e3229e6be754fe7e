// What the debugger sees of a stopped JavaScript brain. Frames come from QuickJS's own stack trace
// (names, and the call positions of outer frames), mapped back to the brain's columns; a frame's
// variables come from the accessor arrow its last hooked statement handed over. A frame entered
// while the hooks were off has handed none over, or one from before they went off (an earlier
// turn of its loop, maybe): its variables come from a re-run of the iteration to this stop
// (rerun.ts), made when they are first asked for, and read there (they cannot be changed); where
// the re-run cannot get there, its scopes say why. Everything runs in the guest with host calls
// closed, and values cross as handles the target keeps until release.

import type { QuickJSHandle } from 'quickjs-emscripten-core';
import type { DebugTarget } from '../../debug/debug-target.ts';
import type { EvaluationResult, ScopeInfo, StackFrameInfo, VariableInfo } from '../../debug/debug-protocol.ts';
import { thrownText } from '../brain-failure.ts';
import type { GuestRealm } from '../guest-realm.ts';
import { dumpValue } from '../vm-dump.ts';
import { brainFrames, outerRecords, type BrainFrame } from './brain-frames.ts';
import type { InstrumentedBrain } from './instrument.ts';
import type { Rerun } from './rerun.ts';

/** Where the brain is held: a site of the instrumented brain, or a position only (a top-level error). */
export interface HeldAt {
  site: number | undefined;
  line: number;
  column: number;
  /** The held frame's entry serial. */
  depth: number;
  /** The accessor of the innermost frame, owned by the session. */
  accessor: QuickJSHandle | undefined;
}

/** A frame's last hooked statement, recorded by the session while hooks run. */
export interface FrameRecord {
  site: number;
  accessor: QuickJSHandle;
  /** Made since the hooks last went off: the frame has run no statement unseen since. */
  fresh: boolean;
}

/** A QuickJS context the target reads in: the live brain's, or a re-run's. */
export interface Guest {
  readonly realm: GuestRealm;
  readonly helpers: QuickJSHandle;
  /** Runs guest code for the debugger: host calls closed, a time limit of its own. */
  evaluating<T>(run: () => T): T;
}

/** What the session tells the target about the stop. */
export interface StopSource {
  /**
   * Where the brain is held now (no statement while it waits in a host call), and the frames
   * recorded outside it, innermost first.
   */
  held(): { at: HeldAt | undefined; inCall: boolean; records: FrameRecord[] };
  /** A re-run of the iteration to the stop whose live frames these are, or why there is none. */
  rerun(frames: readonly BrainFrame[]): { ok: true; rerun: Rerun } | { ok: false; reason: string };
  /** The debugger changed the brain's state: a re-run from now on would not reproduce it. */
  edited(): void;
}

interface Frame {
  info: StackFrameInfo;
  fn: number;
  site: number | undefined;
  accessor: QuickJSHandle | undefined;
  guest: Guest;
  /** Its variables are to come from a re-run of the iteration. */
  rerun: boolean;
  /** Why its locals cannot be shown. */
  missing?: string;
}

type Reference =
  | { t: 'locals'; frame: Frame }
  | { t: 'globals'; frame: Frame }
  | { t: 'object'; frame: Frame; guest: Guest; value: QuickJSHandle }
  | { t: 'missing'; reason: string };

/** Items of an array listed when the client asks for no page (objects list all their properties). */
const ARRAY_PAGE = 1000;
const HOST_CLOSED = 'the brain is stopped in the debugger, which cannot call the host';
const REPLAYED =
  "this frame's values come from a re-run of the iteration (the frame was entered while the debugger's hooks were off): they cannot be changed";

export class JsDebugTarget implements DebugTarget {
  /** Outer frames may need a re-run to be read; the innermost's entry serial tells their calls apart anyway. */
  readonly valueFrames = 1;
  #frames: Frame[] | undefined;
  #references = new Map<number, Reference>();
  #nextReference = 1;
  /** This stop's re-run, once asked for: its result, or why there is none. */
  #rerun: { ok: true; rerun: Rerun } | { ok: false; reason: string } | undefined;

  constructor(
    private readonly live: Guest,
    private readonly brain: InstrumentedBrain,
    private readonly filename: string,
    private readonly source: StopSource,
  ) {}

  stack(): StackFrameInfo[] {
    return this.#allFrames().map((frame) => frame.info);
  }

  scopes(frameId: number): ScopeInfo[] {
    const frame = this.#frame(frameId);
    const scopes: ScopeInfo[] = [];
    if (frame.missing !== undefined) {
      const variablesReference = this.#reference({ t: 'missing', reason: frame.missing });
      scopes.push({ name: 'Locals (not available)', variablesReference, expensive: false });
    } else if (frame.accessor && this.#site(frame)?.names.length) {
      scopes.push({ name: 'Locals', variablesReference: this.#reference({ t: 'locals', frame }), expensive: false });
    }
    const self = frame.accessor && this.#site(frame)?.hasThis ? this.#this(frame) : undefined;
    if (self) {
      scopes.push({
        name: 'This',
        variablesReference: this.#reference({ t: 'object', frame, guest: frame.guest, value: self }),
        expensive: false,
      });
    }
    scopes.push({ name: 'Globals', variablesReference: this.#reference({ t: 'globals', frame }), expensive: false });
    return scopes;
  }

  variables(variablesReference: number, start?: number, count?: number): VariableInfo[] {
    const reference = this.#references.get(variablesReference);
    if (!reference) throw new Error(`no variables with reference ${variablesReference}`);
    switch (reference.t) {
      case 'missing':
        return [{ name: 'why', value: reference.reason, variablesReference: 0 }];
      case 'locals': {
        const { frame } = reference;
        const names = this.#site(frame)!.names;
        return frame.guest.evaluating(() =>
          names.flatMap((name, index) => {
            const value = tryCall(frame.guest, frame.accessor!, index);
            return value === undefined ? [] : [this.#variable(name, value, frame, frame.guest)];
          }),
        );
      }
      case 'globals':
        return this.live.evaluating(() =>
          this.brain.globals.flatMap((name) => {
            const value = this.#tryHelper(this.live, 'global', name);
            return value === undefined ? [] : [this.#variable(name, value, reference.frame, this.live)];
          }),
        );
      case 'object':
        return reference.guest.evaluating(() => this.#children(reference, start ?? 0, count ?? ARRAY_PAGE));
    }
  }

  setVariable(variablesReference: number, name: string, value: string): VariableInfo {
    const reference = this.#references.get(variablesReference);
    if (!reference) throw new Error(`no variables with reference ${variablesReference}`);
    if (reference.t === 'missing') throw new Error(`${name} is not a variable of the brain`);
    const guest =
      reference.t === 'object' ? reference.guest : reference.t === 'locals' ? reference.frame.guest : this.live;
    if (guest !== this.live) throw new Error(REPLAYED);
    // A value for a live variable is computed in the live brain, in the frame where it is live.
    const frame = reference.frame.guest === this.live ? reference.frame : this.#allFrames()[0]!;
    const changed = this.live.evaluating(() => {
      const handle = this.#evaluateIn(frame, value);
      const { ctx } = this.live.realm;
      try {
        switch (reference.t) {
          case 'locals': {
            const index = this.#site(frame)!.names.indexOf(name);
            if (index < 0) throw new Error(`${name} is not a local of this frame`);
            ctx
              .newNumber(index)
              .consume((i) =>
                guestCall(this.live, () => ctx.callFunction(frame.accessor!, ctx.undefined, i, handle, ctx.true)),
              )
              .dispose();
            break;
          }
          case 'globals':
            if (!this.brain.globals.includes(name)) throw new Error(`${name} is not a global of the brain`);
            ctx
              .newString(name)
              .consume((n) => this.#helper(this.live, 'setGlobal', n, handle))
              .dispose();
            break;
          case 'object':
            guestCall(this.live, () => {
              const key = ctx.newString(name);
              try {
                ctx.setProp(reference.value, key, handle);
                return { value: ctx.undefined };
              } finally {
                key.dispose();
              }
            });
            break;
        }
        return this.#variable(name, handle.dup(), frame, this.live);
      } finally {
        handle.dispose();
      }
    });
    this.source.edited();
    return changed;
  }

  evaluate(frameId: number | undefined, expression: string): EvaluationResult {
    const frame = this.#frame(frameId ?? this.#allFrames()[0]!.info.id);
    return frame.guest.evaluating(() => {
      const { value, type, variablesReference } = this.#variable(
        '',
        this.#evaluateIn(frame, expression),
        frame,
        frame.guest,
      );
      return { result: value, ...(type === undefined ? {} : { type }), variablesReference };
    });
  }

  holds(expression: string): boolean {
    const frame = this.#allFrames()[0]!;
    return this.live.evaluating(() => {
      const value = this.#evaluateIn(frame, `!!(${expression}\n)`);
      return value.consume((v) => this.live.realm.ctx.sameValue(v, this.live.realm.ctx.true));
    });
  }

  release(): void {
    for (const reference of this.#references.values()) if (reference.t === 'object') reference.value.dispose();
    this.#references.clear();
    this.#frames = undefined;
    if (this.#rerun?.ok) this.#rerun.rerun.dispose();
    this.#rerun = undefined;
  }

  #allFrames(): Frame[] {
    if (this.#frames) return this.#frames;
    const { at, inCall, records } = this.source.held();
    const stack = this.live.evaluating(() =>
      this.#helper(this.live, 'stack').consume((text) => this.live.realm.ctx.getString(text)),
    );
    const found = brainFrames(stack, this.brain, this.filename);
    // Held at a statement, the innermost frame is the hook's; held in a host call, it has a record too.
    const recorded = outerRecords(found, records, this.brain, at ? 1 : 0);
    // A stop at a hooked statement or in a host call can be found again by a re-run.
    const rerunnable = at ? at.site !== undefined : inCall;
    const frames = found.map((brainFrame, index): Frame => {
      const frame: Frame = {
        info: {
          id: index + 1,
          name: brainFrame.name,
          source: this.filename,
          line: brainFrame.line,
          column: brainFrame.column,
        },
        fn: brainFrame.fn,
        site: undefined,
        accessor: undefined,
        guest: this.live,
        rerun: false,
      };
      const record = recorded[index];
      if (index === 0 && at) {
        Object.assign(frame.info, { line: at.line, column: at.column });
        frame.site = at.site;
        frame.accessor = at.accessor;
      } else if (rerunnable && !record?.fresh) {
        frame.rerun = true;
      } else if (record) {
        frame.site = record.site;
        frame.accessor = record.accessor;
      }
      return frame;
    });
    if (frames.length === 0) {
      frames.push({
        info: { id: 1, name: '<brain>', source: this.filename, line: at?.line ?? 1, column: at?.column ?? 1 },
        fn: 0,
        site: at?.site,
        accessor: at?.accessor,
        guest: this.live,
        rerun: false,
      });
    }
    this.#frames = frames;
    return frames;
  }

  /** The frame, its variables found: in a re-run where they are to come from one. */
  #frame(frameId: number): Frame {
    const frames = this.#allFrames();
    const frame = frames[frameId - 1];
    if (!frame) throw new Error(`no frame ${frameId}`);
    if (!frame.rerun) return frame;
    this.#rerun ??= this.source.rerun(
      frames.map((f) => ({ name: f.info.name, line: f.info.line, column: f.info.column, fn: f.fn })),
    );
    for (const [index, each] of frames.entries()) {
      if (!each.rerun) continue;
      each.rerun = false;
      const record = this.#rerun.ok ? this.#rerun.rerun.records[index] : undefined;
      if (this.#rerun.ok && record) {
        Object.assign(each, { site: record.site, accessor: record.accessor, guest: this.#rerun.rerun });
      } else {
        each.missing = this.#rerun.ok ? 'the re-run of the iteration has no record of this frame' : this.#rerun.reason;
      }
    }
    return frame;
  }

  #site(frame: Frame) {
    return frame.site === undefined ? undefined : this.brain.sites[frame.site];
  }

  /** The frame's `this` when it is an object of the brain's (not the global object). */
  #this(frame: Frame): QuickJSHandle | undefined {
    const { ctx } = frame.guest.realm;
    const self = frame.guest.evaluating(() => tryCall(frame.guest, frame.accessor!, -1));
    if (!self) return undefined;
    const type = ctx.typeof(self);
    const isObject = (type === 'object' || type === 'function') && !ctx.sameValue(self, ctx.null);
    if (isObject && !ctx.sameValue(self, ctx.global)) return self;
    self.dispose();
    return undefined;
  }

  /** An expression in the frame's context, with its variables and `this`. */
  #evaluateIn(frame: Frame, expression: string): QuickJSHandle {
    const { guest } = frame;
    const { ctx } = guest.realm;
    const site = this.#site(frame);
    const names = site && frame.accessor ? site.names : [];
    const self = frame.accessor && site?.hasThis ? tryCall(guest, frame.accessor, -1) : undefined;
    const nameList = guest.realm.values.create(names);
    const text = ctx.newString(expression);
    try {
      return this.#helper(guest, 'evaluate', nameList, frame.accessor ?? ctx.undefined, self ?? ctx.undefined, text);
    } finally {
      text.dispose();
      nameList.dispose();
      self?.dispose();
    }
  }

  #variable(name: string, value: QuickJSHandle, frame: Frame, guest: Guest): VariableInfo {
    const { ctx } = guest.realm;
    const shown = this.#helper(guest, 'show', value).consume((s) => ctx.dump(s) as [string, string, number, number]);
    const [text, type, kind, count] = shown;
    let variablesReference = 0;
    if (kind !== 0) variablesReference = this.#reference({ t: 'object', frame, guest, value });
    else value.dispose();
    return {
      name,
      value: text,
      type,
      variablesReference,
      ...(kind === 1 ? { indexedVariables: count } : {}),
      ...(kind === 2 ? { namedVariables: count } : {}),
    };
  }

  #children(reference: Extract<Reference, { t: 'object' }>, start: number, count: number): VariableInfo[] {
    const { guest, frame, value } = reference;
    const { ctx } = guest.realm;
    const [from, size] = [ctx.newNumber(start), ctx.newNumber(count)];
    let list: QuickJSHandle;
    try {
      list = this.#helper(guest, 'children', value, from, size);
    } finally {
      from.dispose();
      size.dispose();
    }
    try {
      const length = ctx.getProp(list, 'length').consume((l) => ctx.getNumber(l));
      const out: VariableInfo[] = [];
      for (let i = 0; i < length; i++) {
        const entry = ctx.getProp(list, i);
        const name = ctx.getProp(entry, 0).consume((n) => ctx.getString(n));
        const getter = ctx.getProp(entry, 2).consume((g) => ctx.sameValue(g, ctx.true));
        const child = ctx.getProp(entry, 1);
        entry.dispose();
        if (getter) {
          child.dispose();
          out.push({ name, value: '(getter)', variablesReference: 0 });
        } else out.push(this.#variable(name, child, frame, guest));
      }
      return out;
    } finally {
      list.dispose();
    }
  }

  #reference(reference: Reference): number {
    const id = this.#nextReference++;
    this.#references.set(id, reference);
    return id;
  }

  /** Calls a prelude helper; a guest error becomes a host error with its message. */
  #helper(guest: Guest, name: string, ...args: QuickJSHandle[]): QuickJSHandle {
    const { ctx } = guest.realm;
    const fn = ctx.getProp(guest.helpers, name);
    try {
      return guestCall(guest, () => ctx.callFunction(fn, ctx.undefined, ...args));
    } finally {
      fn.dispose();
    }
  }

  #tryHelper(guest: Guest, name: string, argument: string): QuickJSHandle | undefined {
    try {
      return guest.realm.ctx.newString(argument).consume((a) => this.#helper(guest, name, a));
    } catch {
      return undefined;
    }
  }
}

/** The accessor's value at `index`, or undefined where reading throws (a `let` not yet set). */
function tryCall(guest: Guest, accessor: QuickJSHandle, index: number): QuickJSHandle | undefined {
  const { ctx } = guest.realm;
  const result = ctx.newNumber(index).consume((i) => ctx.callFunction(accessor, ctx.undefined, i));
  if (result.error) {
    result.error.dispose();
    return undefined;
  }
  return result.value;
}

function guestCall(guest: Guest, run: () => { value: QuickJSHandle } | { error: QuickJSHandle }): QuickJSHandle {
  const { realm } = guest;
  const result = realm.withoutHost(HOST_CLOSED, run);
  if ('error' in result && result.error) {
    const message = result.error.consume((e) => thrownText(dumpValue(realm.ctx, e)));
    throw new Error(message);
  }
  return (result as { value: QuickJSHandle }).value;
}
