// Live problems of a brain buffer that may not be saved yet, from its runtime kind's check on the
// host (runtime descriptors), as editor diagnostics.

import type { Diagnostic } from '../../contract/views.ts';
import { RUNTIMES } from '../runtimes/runtimes.ts';

/** Empty when the file's kind checks in the editor itself, or has nothing to check. */
export async function checkBrainText(path: string, text: string): Promise<Diagnostic[]> {
  const runtime = Object.values(RUNTIMES).find(({ brain }) => brain.extensions.some((ext) => path.endsWith(ext)));
  if (!runtime?.check) return [];
  const filename = path.split('/').pop() ?? path;
  const result = await runtime.check(text, filename);
  if (result.ok) return [];
  const line = result.line ?? 1;
  const column = result.column ?? 1;
  return [{ message: result.error, severity: 'error', line, column, endLine: line, endColumn: column + 1 }];
}
