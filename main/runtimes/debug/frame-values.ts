// What a stopped brain's frames hold, as one text: where a stop's statement count is not known,
// time travel finds it again by its place (line, column, depth, host calls, breakpoint hits), and
// in a loop turning without host calls every turn has that place; these values tell the turns
// apart (docs/debugging.md#time-travel). Read through the engine's DebugTarget, so every engine
// gives the same text for the same state in a live run and in its re-execution: only values
// printed the same in any process (numbers, strings, booleans, nothing), two levels into
// structured ones, bounded in size. Computed only at such a stop and where a re-execution comes
// to its place, never per statement.

import type { DebugTarget } from './debug-target.ts';
import type { VariableInfo } from './debug-protocol.ts';

/** The brain languages' type names (JS, Python, Rhai) whose values print alike in every run. */
const PLAIN_TYPES: ReadonlySet<string> = new Set([
  'number',
  'string',
  'boolean',
  'bigint',
  'undefined',
  'null',
  'int',
  'float',
  'str',
  'bool',
  'NoneType',
  'i64',
  'f64',
  'char',
  '()',
]);
/** The scopes engines give a frame whose variables are the brain's state (not the host's Memory and Inbox). */
const SCOPES: ReadonlySet<string> = new Set(['Locals', 'This', 'Globals']);
/** How far into structured values, how many children of each, and how many values in all. */
const LEVELS = 2;
const CHILDREN = 32;
const VALUES = 256;

/**
 * The values of the frames the target reads without cost (DebugTarget.valueFrames) and of the
 * brain's globals; releases what it read.
 */
export function frameValues(target: DebugTarget): string {
  const lines: string[] = [];
  try {
    const frames = target.stack();
    let globals = false;
    for (const frame of frames.slice(0, target.valueFrames ?? frames.length)) {
      lines.push(`@${frame.name}`);
      for (const scope of target.scopes(frame.id)) {
        // The brain's top-level variables are the same in every frame: read once.
        if (scope.name === 'Globals' && globals) continue;
        if (!SCOPES.has(scope.name)) continue;
        globals ||= scope.name === 'Globals';
        lines.push(`${scope.name}:`);
        collect(target, target.variables(scope.variablesReference), '', 0, lines);
      }
      if (lines.length >= VALUES) break;
    }
  } catch (error) {
    // A frame that cannot be read (an engine's own failure) is part of the state too.
    lines.push(`!${error instanceof Error ? error.message : String(error)}`);
  } finally {
    target.release();
  }
  return lines.slice(0, VALUES).join('\n');
}

function collect(target: DebugTarget, variables: VariableInfo[], path: string, level: number, lines: string[]): void {
  for (const variable of variables.slice(0, CHILDREN)) {
    if (lines.length >= VALUES) return;
    const name = `${path}${variable.name}`;
    if (variable.variablesReference === 0) {
      if (variable.type !== undefined && PLAIN_TYPES.has(variable.type)) lines.push(`${name}=${variable.value}`);
    } else if (level < LEVELS) {
      collect(target, target.variables(variable.variablesReference, 0, CHILDREN), `${name}.`, level + 1, lines);
    }
  }
}
