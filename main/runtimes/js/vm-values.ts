// Moves values between the host and one QuickJS context. Objects cross as JSON, which gives the
// binding JSON semantics (functions and undefined members drop out) at the cost of one
// stringify/parse per record. The context's own JSON functions and error constructors are
// captured before the brain runs, so a script that replaces the globals cannot break the binding.

import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import { GuestArgumentError } from './guest-argument-error.ts';
import { dumpValue } from './vm-dump.ts';

export type GuestErrorClass = 'Error' | 'TypeError';

export class VmValues {
  readonly #ctx: QuickJSContext;
  readonly #parse: QuickJSHandle;
  readonly #stringify: QuickJSHandle;
  readonly #errorClasses: Record<GuestErrorClass, QuickJSHandle>;

  constructor(ctx: QuickJSContext) {
    this.#ctx = ctx;
    const json = ctx.getProp(ctx.global, 'JSON');
    this.#parse = ctx.getProp(json, 'parse');
    this.#stringify = ctx.getProp(json, 'stringify');
    json.dispose();
    this.#errorClasses = { Error: ctx.getProp(ctx.global, 'Error'), TypeError: ctx.getProp(ctx.global, 'TypeError') };
  }

  /** The host value of a guest value; functions and symbols read as undefined, as in JSON. */
  read(handle: QuickJSHandle): unknown {
    const ctx = this.#ctx;
    switch (ctx.typeof(handle)) {
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
      case 'string':
        return ctx.getString(handle);
      case 'number':
        return ctx.getNumber(handle);
      case 'boolean':
        return ctx.sameValue(handle, ctx.true);
      case 'bigint':
        return ctx.getBigInt(handle);
      default: {
        const text = this.stringify(handle);
        return text === undefined ? undefined : JSON.parse(text);
      }
    }
  }

  /** The guest's `JSON.stringify(value)`; undefined where JSON has no text for the value. */
  stringify(handle: QuickJSHandle): string | undefined {
    const ctx = this.#ctx;
    const result = ctx.callFunction(this.#stringify, ctx.undefined, handle);
    if (result.error) {
      const thrown = result.error.consume((error) => dumpValue(ctx, error));
      const message = (thrown as { message?: unknown } | null)?.message;
      throw new GuestArgumentError(typeof message === 'string' ? message : String(thrown));
    }
    return result.value.consume((text) => (ctx.typeof(text) === 'string' ? ctx.getString(text) : undefined));
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
        return ctx
          .newString(JSON.stringify(value))
          .consume((text) => ctx.unwrapResult(ctx.callFunction(this.#parse, ctx.undefined, text)));
    }
  }

  /** A real guest `Error`/`TypeError`, so `instanceof` works and its stack shows the brain's call site. */
  newError(errorClass: GuestErrorClass, message: string): QuickJSHandle {
    const ctx = this.#ctx;
    return ctx
      .newString(message)
      .consume((text) => ctx.unwrapResult(ctx.callFunction(this.#errorClasses[errorClass], ctx.undefined, text)));
  }

  dispose(): void {
    for (const handle of [this.#parse, this.#stringify, this.#errorClasses.Error, this.#errorClasses.TypeError]) {
      handle.dispose();
    }
  }
}
