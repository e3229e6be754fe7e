// omw's terminal message rule for JavaScript brains (omw-compat 11): the script's completion
// value decides the outcome. undefined/null complete; a string exits with itself; anything else
// exits with its compact JSON text.

import type { QuickJSHandle } from 'quickjs-emscripten-core';
import type { RunResult } from '../engine.ts';
import { GuestArgumentError } from './guest-argument-error.ts';
import type { GuestRealm } from './guest-realm.ts';

export function completionOutcome(realm: GuestRealm, value: QuickJSHandle): RunResult {
  const { ctx, values } = realm;
  const type = ctx.typeof(value);
  if (type === 'undefined' || ctx.sameValue(value, ctx.null)) return { ok: true, outcome: 'completed' };
  if (type === 'string') return { ok: true, outcome: { exited: ctx.getString(value) } };
  try {
    const json = values.stringify(value);
    if (json === undefined) return { ok: false, error: `the brain's completion value (a ${type}) has no JSON form` };
    return { ok: true, outcome: { exited: json } };
  } catch (error) {
    if (!(error instanceof GuestArgumentError)) throw error;
    return { ok: false, error: `the brain's completion value cannot be converted to JSON: ${error.message}` };
  }
}
