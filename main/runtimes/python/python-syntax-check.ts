// The `python` kind's check on the host, for the editor's live problems: Python's own compiler
// (`compile()` in the same realm and interpreter the engine runs, through the same prelude), so an
// error reads and sits exactly where the runtime would report it. One interpreter, loaded on the
// first check, serves every check; it never runs a brain.

import type { CheckResult } from '../engine.ts';
import { PythonRealm } from './python-realm.ts';

let interpreter: Promise<PythonRealm> | undefined;

export async function checkSyntax(script: string, filename: string): Promise<CheckResult> {
  interpreter ??= PythonRealm.load({ print: () => {} });
  const realm = await interpreter.catch((error: unknown) => {
    interpreter = undefined;
    throw error;
  });
  return JSON.parse(realm.check(script, filename)) as CheckResult;
}
