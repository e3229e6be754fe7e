// The `python` kind's check on the host, for the editor's live problems: Python's own compiler
// (`compile()` in the same interpreter the engine runs, through the same prelude), so an error
// reads and sits exactly where the runtime would report it. One interpreter, loaded on the first
// check, serves every check; it never runs a brain.

import type { CheckResult } from '../engine.ts';
import { BINDING_MODULE, loadInterpreter, type Pyodide } from './python-interpreter.ts';

let interpreter: Promise<(script: string, filename: string) => string> | undefined;

async function loadChecker(): Promise<(script: string, filename: string) => string> {
  const pyodide: Pyodide = await loadInterpreter({ print: () => {} });
  const module = pyodide.pyimport(BINDING_MODULE) as { check: (script: string, filename: string) => string };
  return module.check;
}

export async function checkSyntax(script: string, filename: string): Promise<CheckResult> {
  interpreter ??= loadChecker();
  const check = await interpreter.catch((error: unknown) => {
    interpreter = undefined;
    throw error;
  });
  return JSON.parse(check(script, filename)) as CheckResult;
}
