// QuickJS has no console. A brain gets `print` and `console.log/info/warn/error/debug`, all of
// which hand one line of text to EngineOptions.print (the level is not kept).

import type { QuickJSHandle } from 'quickjs-emscripten-core';
import { newGuestFunction } from './guest-function.ts';
import type { GuestRealm } from './guest-realm.ts';
import { dumpValue } from './vm-dump.ts';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'];

/** Strings print raw, errors as `Name: message`, other objects as compact JSON. */
function printable(realm: GuestRealm, handle: QuickJSHandle): string {
  const { ctx } = realm;
  if (ctx.typeof(handle) === 'string') return ctx.getString(handle);
  // dump() renders an Error as {name, message, stack} and everything else as JSON or as text.
  const dumped = dumpValue(ctx, handle);
  if (typeof dumped !== 'object' || dumped === null) return String(dumped);
  const { name, message, stack } = dumped as Record<string, unknown>;
  if (typeof name === 'string' && typeof message === 'string' && typeof stack === 'string') {
    return `${name}: ${message}`;
  }
  return JSON.stringify(dumped);
}

export function installPrintGlobals(realm: GuestRealm): void {
  const { ctx } = realm;
  const print = newGuestFunction(realm, 'print', 'Error', (_this, args) => {
    realm.print(args.map((arg) => printable(realm, arg)).join(' '));
    return ctx.undefined;
  });
  const consoleObject = ctx.newObject();
  for (const method of CONSOLE_METHODS) ctx.setProp(consoleObject, method, print);
  ctx.setProp(ctx.global, 'console', consoleObject);
  ctx.setProp(ctx.global, 'print', print);
  consoleObject.dispose();
  print.dispose();
}
