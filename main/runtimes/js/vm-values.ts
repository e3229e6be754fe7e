// Moves values between the host and one QuickJS context. Objects cross as JSON, which gives the
// binding JSON semantics at the cost of one stringify/parse per record. A value the brain hands
// the host is checked as the guest's JSON.stringify walks it (binding/value-limits.ts): a BigInt,
// a function or a symbol anywhere in it is a TypeError, nesting past MAX_VALUE_DEPTH a RangeError,
// a cycle QuickJS's own TypeError. The context's own JSON functions, error constructors and what
// the check uses are captured before the brain runs, so a script that replaces the globals cannot
// break the binding.

import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { cycleMessage, MAX_VALUE_DEPTH, noJsonFormMessage, tooDeepMessage } from '../binding/value-limits.ts';
import { GuestArgumentError } from './guest-argument-error.ts';
import { dumpValue } from './vm-dump.ts';

export type GuestErrorClass = 'Error' | 'TypeError' | 'RangeError';

const ERROR_CLASSES: readonly GuestErrorClass[] = ['Error', 'TypeError', 'RangeError'];

const LIMITS = {
  depth: MAX_VALUE_DEPTH,
  deep: tooDeepMessage('value'),
  bigint: noJsonFormMessage('value', 'a BigInt'),
  function: noJsonFormMessage('value', 'a function'),
  symbol: noJsonFormMessage('value', 'a symbol'),
};

/**
 * The guest's checked `JSON.stringify`: its replacer sees every value once, before it is written,
 * and knows the depth of the object or array holding it. It is made on first use (most iterations
 * hand the host no object), from what it calls as it was when the context was new.
 */
const CHECKED_STRINGIFY = `(function (stringify, apply, WeakMap, get, set, TypeError, RangeError, limits) {
  return function checkedStringify(value) {
    const depths = new WeakMap();
    return stringify(value, function (key, item) {
      switch (typeof item) {
        case 'object':
          if (item !== null) {
            const depth = (apply(get, depths, [this]) || 0) + 1;
            if (depth > limits.depth) throw new RangeError(limits.deep);
            apply(set, depths, [item, depth]);
          }
          return item;
        case 'bigint':
          throw new TypeError(limits.bigint);
        case 'function':
          throw new TypeError(limits.function);
        case 'symbol':
          throw new TypeError(limits.symbol);
        default:
          return item;
      }
    });
  };
})`;

/** What the check calls, by path from the global object, in CHECKED_STRINGIFY's order after `stringify`. */
const CHECK_CAPTURES = [
  ['Reflect', 'apply'],
  ['WeakMap'],
  ['WeakMap', 'prototype', 'get'],
  ['WeakMap', 'prototype', 'set'],
];

export class VmValues {
  readonly #ctx: QuickJSContext;
  readonly #parse: QuickJSHandle;
  readonly #stringify: QuickJSHandle;
  readonly #errorClasses: Record<GuestErrorClass, QuickJSHandle>;
  readonly #captured: QuickJSHandle[];
  #checkedStringify: QuickJSHandle | undefined;

  constructor(ctx: QuickJSContext) {
    this.#ctx = ctx;
    const json = ctx.getProp(ctx.global, 'JSON');
    this.#parse = ctx.getProp(json, 'parse');
    this.#stringify = ctx.getProp(json, 'stringify');
    json.dispose();
    this.#errorClasses = Object.fromEntries(
      ERROR_CLASSES.map((name) => [name, ctx.getProp(ctx.global, name)]),
    ) as Record<GuestErrorClass, QuickJSHandle>;
    this.#captured = CHECK_CAPTURES.map((path) =>
      path.reduce((from, name) => {
        const found = ctx.getProp(from, name);
        if (from !== ctx.global) from.dispose();
        return found;
      }, ctx.global),
    );
  }

  /**
   * The host value of a value the brain passes to the host: a primitive as it is (a BigInt too,
   * for the integer arguments that take one), an object as JSON data, checked. A function or
   * symbol is the brain's TypeError.
   */
  read(handle: QuickJSHandle): unknown {
    const ctx = this.#ctx;
    switch (ctx.typeof(handle)) {
      case 'undefined':
        return undefined;
      case 'function':
        throw new GuestArgumentError(LIMITS.function);
      case 'symbol':
        throw new GuestArgumentError(LIMITS.symbol);
      case 'string':
        return ctx.getString(handle);
      case 'number':
        return ctx.getNumber(handle);
      case 'boolean':
        return ctx.sameValue(handle, ctx.true);
      case 'bigint':
        return ctx.getBigInt(handle);
      default: {
        const text = this.jsonText(handle);
        return text === undefined ? undefined : JSON.parse(text);
      }
    }
  }

  /** JSON text of a value the brain passes to the host, checked; undefined where JSON has none (undefined). */
  jsonText(handle: QuickJSHandle): string | undefined {
    const ctx = this.#ctx;
    this.#checkedStringify ??= this.#newCheckedStringify();
    return this.#call(ctx.callFunction(this.#checkedStringify, ctx.undefined, handle), true);
  }

  /** The guest's `JSON.stringify(value)`; undefined where JSON has no text for the value. */
  stringify(handle: QuickJSHandle): string | undefined {
    const ctx = this.#ctx;
    return this.#call(ctx.callFunction(this.#stringify, ctx.undefined, handle), false);
  }

  /** The text a stringify answered, or its error as the brain's; `checked` words a cycle as the check's. */
  #call(result: ReturnType<QuickJSContext['callFunction']>, checked: boolean): string | undefined {
    const ctx = this.#ctx;
    if (result.error) {
      const thrown = result.error.consume((error) => dumpValue(ctx, error)) as { name?: unknown; message?: unknown };
      const message = typeof thrown?.message === 'string' ? thrown.message : String(thrown);
      if (thrown?.name === 'RangeError') throw new GuestArgumentError(message, 'RangeError');
      throw new GuestArgumentError(checked && /circular/i.test(message) ? cycleMessage('value') : message);
    }
    return result.value.consume((text) => (ctx.typeof(text) === 'string' ? ctx.getString(text) : undefined));
  }

  #newCheckedStringify(): QuickJSHandle {
    const ctx = this.#ctx;
    const { TypeError, RangeError } = this.#errorClasses;
    const limits = this.create(LIMITS);
    const factory = ctx.unwrapResult(ctx.evalCode(CHECKED_STRINGIFY));
    try {
      const args = [this.#stringify, ...this.#captured, TypeError, RangeError, limits];
      return ctx.unwrapResult(ctx.callFunction(factory, ctx.undefined, ...args));
    } finally {
      factory.dispose();
      limits.dispose();
    }
  }

  /** A new guest value; the caller owns (and disposes) the handle. */
  create(value: unknown): QuickJSHandle {
    const ctx = this.#ctx;
    switch (typeof value) {
      case 'undefined':
        return ctx.undefined;
      case 'string':
        return ctx.newString(value);
      case 'number':
        return ctx.newNumber(value);
      case 'boolean':
        return value ? ctx.true : ctx.false;
      default:
        if (value === null) return ctx.null;
        return this.parse(JSON.stringify(value));
    }
  }

  /** The guest's `JSON.parse(text)`; the caller owns the handle. Throws what it throws. */
  parse(text: string): QuickJSHandle {
    const ctx = this.#ctx;
    return ctx
      .newString(text)
      .consume((handle) => ctx.unwrapResult(ctx.callFunction(this.#parse, ctx.undefined, handle)));
  }

  /** A real guest error of a class, so `instanceof` works and its stack shows the brain's call site. */
  newError(errorClass: GuestErrorClass, message: string): QuickJSHandle {
    const ctx = this.#ctx;
    return ctx
      .newString(message)
      .consume((text) => ctx.unwrapResult(ctx.callFunction(this.#errorClasses[errorClass], ctx.undefined, text)));
  }

  dispose(): void {
    this.#checkedStringify?.dispose();
    for (const handle of [this.#parse, this.#stringify, ...this.#captured, ...Object.values(this.#errorClasses)]) {
      handle.dispose();
    }
  }
}
