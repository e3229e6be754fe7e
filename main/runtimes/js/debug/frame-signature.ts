// What a stopped frame's variables hold, for a re-run of the iteration (rerun.ts) to know the
// stop's frame when it passes the stop's site again: the variables as text (primitives, and the
// own data properties of objects two levels down, getters not called), and those holding a
// primitive as JS literals, which the re-run's hook compares inline (rerun-hooks.ts). Compiled in
// a context only when a re-run is asked for (the attached brain's setup does not pay for it), from
// the builtins the prelude took before the brain ran.

import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

const SOURCE = `(b) => {
  const { getOwnPropertyDescriptor, getOwnPropertyNames, is, isArray, stringify, className, call } = b;
  const { isFinite, String, sliceString, symbolText } = b;
  const primitive = (v) => {
    switch (typeof v) {
      case 'string':
        return v.length > 200 ? stringify(call(sliceString, v, 0, 200)) + '…' + v.length : stringify(v);
      case 'number': return is(v, -0) ? '-0' : String(v);
      case 'bigint': return String(v) + 'n';
      case 'symbol': return call(symbolText, v);
      case 'function': return 'ƒ ' + String(v.name);
      default: return String(v);
    }
  };
  const describe = (v, depth) => {
    if (typeof v !== 'object' || v === null) return primitive(v);
    let text = isArray(v) ? '[' + v.length : '{' + className(v);
    if (depth === 0) return text;
    const names = getOwnPropertyNames(v);
    for (let i = 0; i < names.length && i < 50; i++) {
      const d = getOwnPropertyDescriptor(v, names[i]);
      text += ' ' + names[i] + ':' + (d && 'value' in d ? describe(d.value, depth - 1) : 'get');
    }
    return text;
  };
  const literal = (v) => {
    switch (typeof v) {
      case 'number': return isFinite(v) && !is(v, -0) ? String(v) : undefined;
      case 'string': return v.length <= 200 ? stringify(v) : undefined;
      case 'boolean': return String(v);
      case 'bigint': return String(v) + 'n';
      case 'undefined': return 'void 0';
      default: return v === null ? 'null' : undefined;
    }
  };
  return {
    signature: (count, acc) => {
      let text = '';
      for (let i = 0; i < count; i++) {
        try { text += describe(acc(i, undefined, false), 2) + '\\n'; } catch { text += '-\\n'; }
      }
      return text;
    },
    literals: (count, acc) => {
      const out = [];
      for (let i = 0; i < count; i++) {
        let v;
        try { v = acc(i, undefined, false); } catch { continue; }
        const text = literal(v);
        if (text !== undefined) out[out.length] = [i, text];
      }
      return out;
    },
  };
}`;

/** A frame's variables as text, and its primitives as literals by the variable's index. */
export interface FrameLook {
  signature: string;
  literals: Map<number, string>;
}

/** The signature helpers of one context, compiled on first use; what they throw is a host error. */
export class FrameSignatures {
  #helpers: QuickJSHandle | undefined;

  constructor(
    private readonly ctx: QuickJSContext,
    /** The prelude's helpers, whose `builtins` the signatures use. */
    private readonly prelude: QuickJSHandle,
  ) {}

  signature(count: number, accessor: QuickJSHandle): string {
    return this.#call('signature', count, accessor, (text) => this.ctx.getString(text));
  }

  look(count: number, accessor: QuickJSHandle): FrameLook {
    const signature = this.signature(count, accessor);
    const literals = this.#call('literals', count, accessor, (list) => this.ctx.dump(list) as [number, string][]);
    return { signature, literals: new Map(literals) };
  }

  dispose(): void {
    this.#helpers?.dispose();
    this.#helpers = undefined;
  }

  #call<T>(name: string, count: number, accessor: QuickJSHandle, read: (result: QuickJSHandle) => T): T {
    const { ctx } = this;
    this.#helpers ??= ctx
      .unwrapResult(ctx.evalCode(SOURCE, '<debugger>', { type: 'global' }))
      .consume((make) =>
        ctx
          .getProp(this.prelude, 'builtins')
          .consume((builtins) => ctx.unwrapResult(ctx.callFunction(make, ctx.undefined, builtins))),
      );
    const fn = ctx.getProp(this.#helpers, name);
    try {
      return ctx
        .newNumber(count)
        .consume((n) => ctx.unwrapResult(ctx.callFunction(fn, ctx.undefined, n, accessor)))
        .consume(read);
    } finally {
      fn.dispose();
    }
  }
}
