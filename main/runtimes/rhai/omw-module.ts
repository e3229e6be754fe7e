// The static module `omw` of a Rhai brain (omw-compat 10): `omw::host::*` functions, and
// `omw::provider::get` / `omw::tooling::get`, which return handles.
//
// A handle is an object map holding `name` plus one function pointer per method, so a script
// calls `p.chat(...)` with method syntax. Each pointer names an engine-level native and carries
// the receiver's name as a curried first argument; the native names contain `::`, so a script
// cannot call them except through a handle.

import { HostCallError } from '../../host-api/host-call-error.ts';
import type { HostOp } from '../../host-api/host-ops.generated.ts';
import type { Engine as LanguageEngine } from '../../rhai/language/engine.ts';
import { runtimeError } from '../../rhai/language/types/errors.ts';
import { Module } from '../../rhai/language/func/module.ts';
import { FnPtr, type RMap, type Value } from '../../rhai/language/types/values.ts';
import type { BindingOp, HandleKind } from '../binding/binding-ops.ts';
import type { HostCall } from '../engine.ts';
import { parseOpaqueJson, toJsonText } from './opaque-json.ts';
import { RHAI_OPS } from './rhai-binding.ts';

type RhaiHostCall = (op: HostOp, args: readonly unknown[]) => unknown;

const methodNativeName = (kind: HandleKind, op: BindingOp<Value>): string => `omw::${kind}::${op.name}`;
const requireString = RHAI_OPS.argument('string');

function registerHostFunctions(host: Module, call: RhaiHostCall): void {
  for (const op of RHAI_OPS.hostFunctions) {
    for (let arity = op.minArity; arity <= op.maxArity; arity++) {
      host.setNativeFn(op.name, arity, (args) => op.answerForGuest(call(op.op, op.argumentsFromGuest(args))));
    }
  }
  // The guest-side JSON helpers of omw-compat 8; traced as the memory_get/memory_set they call.
  host.setNativeFn('memory_get_as', 1, ([key]) => {
    const text = call('host.memory-get', [requireString(key, 'key')]) as string | undefined;
    return text === undefined ? undefined : parseOpaqueJson(text);
  });
  host.setNativeFn('memory_set_as', 2, ([key, value]) => {
    call('host.memory-set', [requireString(key, 'key'), toJsonText(value)]);
    return undefined;
  });
}

function registerHandleKind(language: LanguageEngine, namespace: Module, kind: HandleKind, call: RhaiHostCall): void {
  const methods = RHAI_OPS.handleMethods(kind);
  for (const op of methods) {
    for (let arity = op.minArity; arity <= op.maxArity; arity++) {
      language.registerFn(methodNativeName(kind, op), arity + 1, ([receiver, ...args]) =>
        op.answerForGuest(call(op.op, [receiver, ...op.argumentsFromGuest(args)])),
      );
    }
  }
  namespace.setNativeFn('get', 1, ([name]) => {
    const configured = requireString(name, 'name') as string;
    // Success is all the answer says: per HostCall's receiver convention, a handle is its name.
    call(`${kind}.get`, [configured]);
    const handle: RMap = new Map<string, Value>([['name', configured]]);
    for (const op of methods) handle.set(op.name, new FnPtr(methodNativeName(kind, op), [configured]));
    return handle;
  });
}

/**
 * Builds `omw` and registers the handle methods on `language`, all calling the host through
 * `hostCall`; an `err` result becomes a Rhai runtime error the brain may catch.
 */
export function registerOmwModule(language: LanguageEngine, hostCall: HostCall): void {
  const call: RhaiHostCall = (op, args) => {
    try {
      return hostCall(op, args);
    } catch (error) {
      if (error instanceof HostCallError) throw runtimeError(error.message);
      throw error;
    }
  };
  const omw = new Module('omw');
  registerHostFunctions(omw.subModule('host'), call);
  registerHandleKind(language, omw.subModule('provider'), 'provider', call);
  registerHandleKind(language, omw.subModule('tooling'), 'tooling', call);
  language.registerStaticModule('omw', omw);
}
