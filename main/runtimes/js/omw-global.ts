// The global `omw` object of a JavaScript brain (omw-compat 11).

import { newHostObject } from './omw-host-functions.ts';
import { newResourceNamespace } from './omw-resource-handles.ts';
import type { GuestRealm } from './guest-realm.ts';

export function installOmwGlobal(realm: GuestRealm): void {
  const { ctx } = realm;
  const omw = ctx.newObject();
  const members = {
    provider: newResourceNamespace(realm, 'provider'),
    tooling: newResourceNamespace(realm, 'tooling'),
    host: newHostObject(realm),
  };
  for (const [name, member] of Object.entries(members)) {
    ctx.setProp(omw, name, member);
    member.dispose();
  }
  ctx.setProp(ctx.global, 'omw', omw);
  omw.dispose();
}
