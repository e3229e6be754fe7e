// What a Rhai iteration reports: omw's terminal message rule for a finished script, and the
// message and position of a failed one.

import { toDiagnostic, type Diagnostic } from '../../rhai/language/check.ts';
import { ParseFailure } from '../../rhai/language/engine.ts';
import { RhaiError } from '../../rhai/language/types/errors.ts';
import { displayValue } from '../../rhai/language/types/format.ts';
import type { Value } from '../../rhai/language/types/values.ts';
import type { RunResult, SourcePosition } from '../engine.ts';

export type Failure = { ok: false; error: string } & Partial<SourcePosition>;

/** The script's final value: unit completes, anything else exits with its display string. */
export function terminalOutcome(value: Value): RunResult {
  return value === undefined
    ? { ok: true, outcome: 'completed' }
    : { ok: true, outcome: { exited: displayValue(value) } };
}

/**
 * The innermost position of an error chain in the brain's own file: where the brain actually
 * failed, or the import or call that led into the module that did (the message says where there).
 */
function innermostPosition(error: RhaiError): SourcePosition | undefined {
  let position: SourcePosition | undefined;
  for (let link: RhaiError | undefined = error; link !== undefined; link = link.inner) {
    if (link.pos.line > 0) position = { line: link.pos.line, column: link.pos.col };
    if (link.innerSource !== undefined) break;
  }
  return position;
}

/** Line 0 is the language's "no position": an error about the whole script. */
const hasPosition = (diagnostic: Diagnostic): boolean => diagnostic.start.line > 0;

/**
 * A brain that does not parse: the first error, with its position. Whoever shows the failure
 * puts the position after the message (`… (line 3, column 18)`), so the message is the first
 * error's alone, with how many there are: the others listed after it would read as being there.
 * The editor marks every one of them.
 */
export function parseFailure(diagnostics: readonly Diagnostic[]): Failure {
  const [first] = diagnostics;
  if (first === undefined) return { ok: false, error: 'the brain does not parse' };
  const error =
    diagnostics.length > 1 ? `${diagnostics.length} syntax errors, the first: ${first.message}` : first.message;
  return hasPosition(first) ? { ok: false, error, ...first.start } : { ok: false, error };
}

export function scriptFailure(error: unknown): Failure {
  if (error instanceof ParseFailure) return parseFailure(error.errors.map(toDiagnostic));
  if (error instanceof RhaiError) return { ok: false, error: error.message, ...innermostPosition(error) };
  return { ok: false, error: `the rhai engine failed: ${String(error)}` };
}

export const isDataTooLarge = (error: unknown): error is RhaiError =>
  error instanceof RhaiError && error.root().kind === 'ErrorDataTooLarge';
