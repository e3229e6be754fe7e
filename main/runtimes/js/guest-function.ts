// A host function the brain can call, with omw's exception rules: host failures become an
// `Error` (omw.host) or `TypeError` (handles, lookups), unusable arguments a `TypeError`.

import type { QuickJSHandle } from 'quickjs-emscripten-core';
import { HostCallError } from '../../host-api/host-call-error.ts';
import { GuestArgumentError } from './guest-argument-error.ts';
import type { GuestRealm } from './guest-realm.ts';
import type { GuestErrorClass } from './vm-values.ts';

/** Returns a new handle, which the function's caller takes over. */
export type GuestImplementation = (thisValue: QuickJSHandle, args: QuickJSHandle[]) => QuickJSHandle;

export function newGuestFunction(
  realm: GuestRealm,
  name: string,
  hostErrorClass: GuestErrorClass,
  implementation: GuestImplementation,
): QuickJSHandle {
  return realm.ctx.newFunction(name, function (this: QuickJSHandle, ...args: QuickJSHandle[]) {
    try {
      return implementation(this, args);
    } catch (error) {
      if (error instanceof HostCallError) return { error: realm.values.newError(hostErrorClass, error.message) };
      if (error instanceof GuestArgumentError) return { error: realm.values.newError(error.errorClass, error.message) };
      // A bug on our side: fail the iteration, whatever the script does with the exception.
      const reason = `${name} failed inside Brainbench: ${String(error)}`;
      realm.guard.stop(reason);
      return { error: realm.values.newError('Error', reason) };
    }
  });
}

/** The host values of the first `count` arguments (missing ones are undefined). */
export function readArguments(realm: GuestRealm, args: readonly QuickJSHandle[], count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => {
    const arg = args[i];
    return arg === undefined ? undefined : realm.values.read(arg);
  });
}
