// What the debugger sees of a stopped JavaScript brain. Frames come from QuickJS's own stack trace
// (names, and the call positions of outer frames), mapped back to the brain's columns; a frame's
// variables come from the accessor arrow its last hooked statement handed over. Everything runs
// in the guest with host calls closed, and values cross as handles the target keeps until release.

import type { QuickJSHandle } from 'quickjs-emscripten-core';
import type { DebugTarget } from '../../debug/debug-target.ts';
import type { EvaluationResult, ScopeInfo, StackFrameInfo, VariableInfo } from '../../debug/debug-protocol.ts';
import { thrownText } from '../brain-failure.ts';
import type { GuestRealm } from '../guest-realm.ts';
import { dumpValue } from '../vm-dump.ts';
import type { InstrumentedBrain } from './instrument.ts';

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
}

interface Frame {
  info: StackFrameInfo;
  fn: number;
  site: number | undefined;
  accessor: QuickJSHandle | undefined;
}

type Reference =
  { t: 'locals'; frame: Frame } | { t: 'globals'; frame: Frame } | { t: 'object'; frame: Frame; value: QuickJSHandle };

const FRAME_LINE = /^\s*at (.*?) \((.*?):(\d+)(?::(\d+))?\)$/;
/** Items of an array listed when the client asks for no page (objects list all their properties). */
const ARRAY_PAGE = 1000;
const HOST_CLOSED = 'the brain is stopped in the debugger, which cannot call the host';

export class JsDebugTarget implements DebugTarget {
  #frames: Frame[] | undefined;
  #references = new Map<number, Reference>();
  #nextReference = 1;

  constructor(
    private readonly realm: GuestRealm,
    private readonly helpers: QuickJSHandle,
    private readonly brain: InstrumentedBrain,
    private readonly filename: string,
    /** Where the brain is held now, and the frames recorded outside it, innermost first. */
    private readonly held: () => { at: HeldAt | undefined; records: FrameRecord[] },
    /** Runs guest code for the debugger: host calls closed, a time limit of its own. */
    private readonly evaluating: <T>(run: () => T) => T,
  ) {}

  stack(): StackFrameInfo[] {
    return this.#allFrames().map((frame) => frame.info);
  }

  scopes(frameId: number): ScopeInfo[] {
    const frame = this.#frame(frameId);
    const scopes: ScopeInfo[] = [];
    if (frame.accessor && this.#site(frame)?.names.length) {
      scopes.push({ name: 'Locals', variablesReference: this.#reference({ t: 'locals', frame }), expensive: false });
    }
    const self = frame.accessor && this.#site(frame)?.hasThis ? this.#this(frame) : undefined;
    if (self) {
      scopes.push({
        name: 'This',
        variablesReference: this.#reference({ t: 'object', frame, value: self }),
        expensive: false,
      });
    }
    scopes.push({ name: 'Globals', variablesReference: this.#reference({ t: 'globals', frame }), expensive: false });
    return scopes;
  }

  variables(variablesReference: number, start?: number, count?: number): VariableInfo[] {
    const reference = this.#references.get(variablesReference);
    if (!reference) throw new Error(`no variables with reference ${variablesReference}`);
    return this.evaluating(() => {
      switch (reference.t) {
        case 'locals': {
          const names = this.#site(reference.frame)!.names;
          return names.flatMap((name, index) => {
            const value = this.#tryCall(reference.frame.accessor!, index);
            return value === undefined ? [] : [this.#variable(name, value, reference.frame)];
          });
        }
        case 'globals':
          return this.brain.globals.flatMap((name) => {
            const value = this.#tryHelper('global', name);
            return value === undefined ? [] : [this.#variable(name, value, reference.frame)];
          });
        case 'object':
          return this.#children(reference.value, reference.frame, start ?? 0, count ?? ARRAY_PAGE);
      }
    });
  }

  setVariable(variablesReference: number, name: string, value: string): VariableInfo {
    const reference = this.#references.get(variablesReference);
    if (!reference) throw new Error(`no variables with reference ${variablesReference}`);
    return this.evaluating(() => {
      const handle = this.#evaluateIn(reference.frame, value);
      const { ctx } = this.realm;
      try {
        switch (reference.t) {
          case 'locals': {
            const index = this.#site(reference.frame)!.names.indexOf(name);
            if (index < 0) throw new Error(`${name} is not a local of this frame`);
            ctx
              .newNumber(index)
              .consume((i) =>
                this.#guest(() => ctx.callFunction(reference.frame.accessor!, ctx.undefined, i, handle, ctx.true)),
              )
              .dispose();
            break;
          }
          case 'globals':
            if (!this.brain.globals.includes(name)) throw new Error(`${name} is not a global of the brain`);
            ctx
              .newString(name)
              .consume((n) => this.#helper('setGlobal', n, handle))
              .dispose();
            break;
          case 'object':
            this.#guest(() => {
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
        return this.#variable(name, handle.dup(), reference.frame);
      } finally {
        handle.dispose();
      }
    });
  }

  evaluate(frameId: number | undefined, expression: string): EvaluationResult {
    const frame = this.#frame(frameId ?? this.#allFrames()[0]!.info.id);
    return this.evaluating(() => {
      const { value, type, variablesReference } = this.#variable('', this.#evaluateIn(frame, expression), frame);
      return { result: value, ...(type === undefined ? {} : { type }), variablesReference };
    });
  }

  holds(expression: string): boolean {
    const frame = this.#allFrames()[0]!;
    return this.evaluating(() => {
      const value = this.#evaluateIn(frame, `!!(${expression}\n)`);
      return value.consume((v) => this.realm.ctx.sameValue(v, this.realm.ctx.true));
    });
  }

  release(): void {
    for (const reference of this.#references.values()) if (reference.t === 'object') reference.value.dispose();
    this.#references.clear();
    this.#frames = undefined;
  }

  #allFrames(): Frame[] {
    if (this.#frames) return this.#frames;
    const { at, records } = this.held();
    const stack = this.evaluating(() => this.#helper('stack').consume((text) => this.realm.ctx.getString(text)));
    const frames: Frame[] = [];
    let record = 0;
    for (const line of stack.split('\n')) {
      const match = FRAME_LINE.exec(line);
      if (!match || match[2] !== this.filename) continue;
      const { line: lineNumber, column } = this.brain.columns.original(Number(match[3]), Number(match[4] ?? 1));
      const fn = this.#functionAt(lineNumber, column);
      const frame: Frame = {
        info: {
          id: frames.length + 1,
          name: match[1] === '<eval>' ? '<brain>' : match[1]!,
          source: this.filename,
          line: lineNumber,
          column,
        },
        fn,
        site: undefined,
        accessor: undefined,
      };
      if (frames.length === 0 && at) {
        Object.assign(frame.info, { line: at.line, column: at.column });
        frame.site = at.site;
        frame.accessor = at.accessor;
      } else {
        // Outer frames take the latest record of the same function; a frame without one (entered
        // while no hooks ran) shows its globals only.
        const found = records.findIndex((r, i) => i >= record && this.brain.sites[r.site]!.fn === fn);
        if (found >= 0) {
          frame.site = records[found]!.site;
          frame.accessor = records[found]!.accessor;
          record = found + 1;
        }
      }
      frames.push(frame);
    }
    if (frames.length === 0) {
      frames.push({
        info: { id: 1, name: '<brain>', source: this.filename, line: at?.line ?? 1, column: at?.column ?? 1 },
        fn: 0,
        site: at?.site,
        accessor: at?.accessor,
      });
    }
    this.#frames = frames;
    return frames;
  }

  #frame(frameId: number): Frame {
    const frame = this.#allFrames()[frameId - 1];
    if (!frame) throw new Error(`no frame ${frameId}`);
    return frame;
  }

  #site(frame: Frame) {
    return frame.site === undefined ? undefined : this.brain.sites[frame.site];
  }

  /** The innermost function whose source holds the position. */
  #functionAt(line: number, column: number): number {
    const lineStart = this.brain.lineStarts[line - 1] ?? 0;
    const offset = lineStart + column - 1;
    let best = 0;
    this.brain.functions.forEach((fn, id) => {
      const current = this.brain.functions[best]!;
      if (fn.start <= offset && offset < fn.end && fn.end - fn.start <= current.end - current.start) best = id;
    });
    return best;
  }

  /** The frame's `this` when it is an object of the brain's (not the global object). */
  #this(frame: Frame): QuickJSHandle | undefined {
    const { ctx } = this.realm;
    const self = this.evaluating(() => this.#tryCall(frame.accessor!, -1));
    if (!self) return undefined;
    const type = ctx.typeof(self);
    const isObject = (type === 'object' || type === 'function') && !ctx.sameValue(self, ctx.null);
    if (isObject && !ctx.sameValue(self, ctx.global)) return self;
    self.dispose();
    return undefined;
  }

  #evaluateIn(frame: Frame, expression: string): QuickJSHandle {
    const { ctx } = this.realm;
    const site = this.#site(frame);
    const names = site && frame.accessor ? site.names : [];
    const self = frame.accessor && site?.hasThis ? this.#tryCall(frame.accessor, -1) : undefined;
    const nameList = this.realm.values.create(names);
    const text = ctx.newString(expression);
    try {
      return this.#helper('evaluate', nameList, frame.accessor ?? ctx.undefined, self ?? ctx.undefined, text);
    } finally {
      text.dispose();
      nameList.dispose();
      self?.dispose();
    }
  }

  #variable(name: string, value: QuickJSHandle, frame: Frame): VariableInfo {
    const { ctx } = this.realm;
    const shown = this.#helper('show', value).consume((s) => ctx.dump(s) as [string, string, number, number]);
    const [text, type, kind, count] = shown;
    let variablesReference = 0;
    if (kind !== 0) variablesReference = this.#reference({ t: 'object', frame, value });
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

  #children(value: QuickJSHandle, frame: Frame, start: number, count: number): VariableInfo[] {
    const { ctx } = this.realm;
    const limit = count;
    const [from, size] = [ctx.newNumber(start), ctx.newNumber(limit)];
    let list: QuickJSHandle;
    try {
      list = this.#helper('children', value, from, size);
    } finally {
      from.dispose();
      size.dispose();
    }
    try {
      const length = ctx.getNumber(ctx.getProp(list, 'length').consume((l) => l.dup()));
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
        } else out.push(this.#variable(name, child, frame));
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
  #helper(name: string, ...args: QuickJSHandle[]): QuickJSHandle {
    const { ctx } = this.realm;
    const fn = ctx.getProp(this.helpers, name);
    try {
      return this.#guest(() => ctx.callFunction(fn, ctx.undefined, ...args));
    } finally {
      fn.dispose();
    }
  }

  #tryHelper(name: string, argument: string): QuickJSHandle | undefined {
    try {
      return this.realm.ctx.newString(argument).consume((a) => this.#helper(name, a));
    } catch {
      return undefined;
    }
  }

  /** The accessor's value at `index`, or undefined where reading throws (a `let` not yet set). */
  #tryCall(accessor: QuickJSHandle, index: number): QuickJSHandle | undefined {
    const { ctx } = this.realm;
    const result = ctx.newNumber(index).consume((i) => ctx.callFunction(accessor, ctx.undefined, i));
    if (result.error) {
      result.error.dispose();
      return undefined;
    }
    return result.value;
  }

  #guest(run: () => { value: QuickJSHandle } | { error: QuickJSHandle }): QuickJSHandle {
    const result = this.realm.withoutHost(HOST_CLOSED, run);
    if ('error' in result && result.error) {
      const message = result.error.consume((e) => thrownText(dumpValue(this.realm.ctx, e)));
      throw new Error(message);
    }
    return (result as { value: QuickJSHandle }).value;
  }
}
