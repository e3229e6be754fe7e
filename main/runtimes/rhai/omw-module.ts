// The static module `omw` of a Rhai brain (omw-compat 10): `omw::host::*` functions, and
// `omw::provider::get` / `omw::tooling::get`, which return handles.
//
// A handle is an object map holding `name` plus one function pointer per method, so a script
// calls `p.chat(...)` with method syntax. Each pointer names an engine-level native and carries
// the receiver's name as a curried first argument; the native names contain `::`, so a script
// cannot call them except through a handle.

import type { Engine as LanguageEngine } from '../../rhai/language/engine.ts';
import { Module } from '../../rhai/language/func/module.ts';
import { FnPtr, type RMap, type Value } from '../../rhai/language/types/values.ts';
import { handleMethodOps, HOST_FUNCTION_OPS, type RhaiOp } from './binding-ops.ts';
import type { HostCalls } from './host-calls.ts';
import { parseOpaqueJson, toJsonText } from './opaque-json.ts';
import { requireString } from './rhai-input.ts';

type ResourceKind = 'provider' | 'tooling';

const methodNativeName = (kind: ResourceKind, op: RhaiOp): string => `omw::${kind}::${op.name}`;

function registerHostFunctions(host: Module, calls: HostCalls): void {
  for (const op of HOST_FUNCTION_OPS) {
    for (const arity of op.arities) {
      host.setNativeFn(op.name, arity, (args) => op.resultForRhai(calls.call(op.op, op.argumentsFromRhai(args))));
    }
  }
  // The guest-side JSON helpers of omw-compat 8; traced as the memory_get/memory_set they call.
  host.setNativeFn('memory_get_as', 1, ([key]) => {
    const text = calls.call('host.memory-get', [requireString(key, 'key')]) as string | undefined;
    return text === undefined ? undefined : parseOpaqueJson(text);
  });
  host.setNativeFn('memory_set_as', 2, ([key, value]) => {
    calls.call('host.memory-set', [requireString(key, 'key'), toJsonText(value)]);
    return undefined;
  });
}

function registerResourceKind(language: LanguageEngine, namespace: Module, kind: ResourceKind, calls: HostCalls): void {
  const methods = handleMethodOps(kind);
  for (const op of methods) {
    for (const arity of op.arities) {
      language.registerFn(methodNativeName(kind, op), arity + 1, ([receiver, ...args]) =>
        op.resultForRhai(calls.call(op.op, [receiver, ...op.argumentsFromRhai(args)])),
      );
    }
  }
  namespace.setNativeFn('get', 1, ([name]) => {
    const configured = requireString(name, 'name');
    // Success is all the answer says: per HostCall's receiver convention, a handle is its name.
    calls.call(`${kind}.get`, [configured]);
    const handle: RMap = new Map<string, Value>([['name', configured]]);
    for (const op of methods) handle.set(op.name, new FnPtr(methodNativeName(kind, op), [configured]));
    return handle;
  });
}

/** Builds `omw` and registers the handle methods on `language`, all calling the host through `calls`. */
export function registerOmwModule(language: LanguageEngine, calls: HostCalls): void {
  const omw = new Module('omw');
  registerHostFunctions(omw.subModule('host'), calls);
  registerResourceKind(language, omw.subModule('provider'), 'provider', calls);
  registerResourceKind(language, omw.subModule('tooling'), 'tooling', calls);
  language.registerStaticModule('omw', omw);
}
