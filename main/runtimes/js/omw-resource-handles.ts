// `omw.provider` and `omw.tooling`: `get(name)` looks the resource up on the host and returns a
// plain object with a `name` property and methods. The methods read `this.name` (omw-compat 11),
// so a handle is just its name and the brain must call them on the handle.

import type { QuickJSHandle } from 'quickjs-emscripten-core';
import { GuestArgumentError } from './guest-argument-error.ts';
import { newGuestFunction, readArguments } from './guest-function.ts';
import type { BindingOp, HandleKind } from '../binding/binding-ops.ts';
import type { GuestRealm } from './guest-realm.ts';
import { JS_OPS } from './js-binding.ts';

const requireString = JS_OPS.argument('string');

/** The handle's `name`, read alone: the handle's other properties are its methods. */
function receiverName(realm: GuestRealm, kind: HandleKind, method: string, thisValue: QuickJSHandle): string {
  const { ctx } = realm;
  const name =
    ctx.typeof(thisValue) === 'object'
      ? ctx.getProp(thisValue, 'name').consume((handle) => stringOf(ctx, handle))
      : undefined;
  if (name === undefined) throw new GuestArgumentError(`${method} must be called on a ${kind} handle`);
  return name;
}

const stringOf = (ctx: GuestRealm['ctx'], handle: QuickJSHandle): string | undefined =>
  ctx.typeof(handle) === 'string' ? ctx.getString(handle) : undefined;

function newMethod(realm: GuestRealm, kind: HandleKind, op: BindingOp<unknown>): QuickJSHandle {
  return newGuestFunction(realm, op.name, 'TypeError', (thisValue, args) => {
    const receiver = receiverName(realm, kind, op.name, thisValue);
    const argumentsForHost = op.argumentsFromGuest(readArguments(realm, args, op.maxArity));
    return realm.values.create(op.answerForGuest(realm.callHost(op.op, [receiver, ...argumentsForHost])));
  });
}

export function newResourceNamespace(realm: GuestRealm, kind: HandleKind): QuickJSHandle {
  const { ctx } = realm;
  // Created on the first lookup and shared by every handle of the iteration, so an iteration that
  // looks nothing up does not pay for them.
  let methods: [string, QuickJSHandle][] | undefined;
  const get = newGuestFunction(realm, 'get', 'TypeError', (_this, args) => {
    const name = requireString(readArguments(realm, args, 1)[0], 'name') as string;
    // Success is all the answer says: per HostCall's receiver convention, a handle is its name.
    realm.callHost(`${kind}.get`, [name]);
    methods ??= JS_OPS.handleMethods(kind).map((op) => [op.name, realm.keep(newMethod(realm, kind, op))]);
    const handle = ctx.newObject();
    ctx.newString(name).consume((nameHandle) => ctx.setProp(handle, 'name', nameHandle));
    for (const [methodName, method] of methods) ctx.setProp(handle, methodName, method);
    return handle;
  });
  const namespace = ctx.newObject();
  ctx.setProp(namespace, 'get', get);
  get.dispose();
  return namespace;
}
