// `omw.host`: one function per `host.*` op, plus the guest-side JSON helpers of omw-compat 8.

import type { QuickJSHandle } from 'quickjs-emscripten-core';
import { GuestArgumentError } from './guest-argument-error.ts';
import { newGuestFunction, readArguments, type GuestImplementation } from './guest-function.ts';
import type { GuestRealm } from './guest-realm.ts';
import { JS_OPS } from './js-binding.ts';

const requireString = JS_OPS.argument('string');

function jsonMemoryHelpers(realm: GuestRealm): Record<string, GuestImplementation> {
  return {
    /**
     * The stored value parsed as JSON, the raw string when it is not JSON (or is nested too deep
     * for the engine to parse), undefined when absent.
     */
    memoryGetAs: (_this, args) => {
      const [key] = readArguments(realm, args, 1);
      const text = realm.callHost('host.memory-get', [requireString(key, 'key')]) as string | undefined;
      if (text === undefined) return realm.ctx.undefined;
      try {
        return realm.values.parse(text);
      } catch {
        return realm.ctx.newString(text);
      }
    },
    /** Stores any value as JSON, strings included, so the pair round-trips; checked as it is written. */
    memorySetAs: (_this, args) => {
      const [key] = readArguments(realm, args, 1);
      const value = args[1];
      const text = value === undefined ? undefined : realm.values.jsonText(value);
      if (text === undefined) throw new GuestArgumentError('value must be JSON-serializable');
      realm.callHost('host.memory-set', [requireString(key, 'key'), text]);
      return realm.ctx.undefined;
    },
  };
}

export function newHostObject(realm: GuestRealm): QuickJSHandle {
  const { ctx } = realm;
  const host = ctx.newObject();
  const define = (name: string, implementation: GuestImplementation): void => {
    const fn = newGuestFunction(realm, name, 'Error', implementation);
    ctx.setProp(host, name, fn);
    fn.dispose();
  };
  for (const op of JS_OPS.hostFunctions) {
    define(op.name, (_this, args) => {
      const result = realm.callHost(op.op, op.argumentsFromGuest(readArguments(realm, args, op.maxArity)));
      return realm.values.create(op.answerForGuest(result));
    });
  }
  for (const [name, implementation] of Object.entries(jsonMemoryHelpers(realm))) define(name, implementation);
  return host;
}
