// The script the Python realm starts from (bundled with Pyodide by scripts/build.mjs into one
// script, python-realm.ts runs it in the new context). It leaves one global, which the host calls
// once with the kernel; the call deletes it, wraps the kernel's functions, installs the shims and
// answers the interpreter the host drives.

import { REALM_START, type RealmInterpreter, type RealmKernel } from './realm-api.ts';
import { openDoor } from './realm-door.ts';
import { realmInterpreter } from './realm-interpreter.ts';
import { installShims } from './realm-shims.ts';

const global = globalThis as unknown as Record<string, unknown>;

global[REALM_START] = (kernel: RealmKernel): RealmInterpreter => {
  delete global[REALM_START];
  const door = openDoor(kernel);
  return realmInterpreter(door, installShims(door));
};
