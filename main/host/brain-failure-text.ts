// What a brain's failure may say. An engine's message quotes the brain's text (an identifier it
// did not know, the token it did not expect), and a config may name any readable file as a
// brain (`script = "/etc/shadow"`): for a brain outside the folders the user works in, a failure
// says what kind of error it was and where, never what the engine quoted.

import { isWithin, realPathOf } from '../files/folder-boundary.ts';

/** `SyntaxError`, `NameError`: an error class an engine names first; its message is the rest. */
const ERROR_CLASS = /^([A-Z][A-Za-z]*(?:Error|Exception))\b/;

/**
 * Whether `script` is a file outside every one of `folders` (real paths, links followed), whose
 * text an engine's message could quote. A brain that is not there has nothing to quote: its
 * failure ("no such file") is shown.
 */
export function brainLiesOutside(script: string, folders: readonly string[]): boolean {
  const real = realPathOf(script);
  return real !== undefined && !folders.some((folder) => isWithin(folder, real));
}

/** The failure of a brain outside the shown folders: its error class and why the rest is not shown. */
export function withheldFailure(error: string, script: string): string {
  const kind = ERROR_CLASS.exec(error)?.[1] ?? 'the brain failed';
  return `${kind} (the message is not shown: ${script} lies outside the workspace, and it could quote the file)`;
}
