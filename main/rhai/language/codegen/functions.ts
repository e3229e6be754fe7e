// Script function bodies as generated JavaScript functions, as loops are (loops.ts): a function
// called many times (a helper called at every step of a loop, a recursive function, a map's
// method) then runs its statements as straight-line code instead of a tree of closures. The body's
// statements mirror their closures exactly (statements.ts), its value is its last statement's,
// and whatever the writer does not know stays a closure called from the source. No variable is
// kept in a register here, so a debugger stopping inside sees and sets the frame as it does in a
// closure body; loops inside are generated (or not) as everywhere else.

import type { Node } from '../ast/ast.ts';
import type { CompileContext } from '../eval/compile-context.ts';
import type { Compiled } from '../func/functions.ts';
import { instantiate, StatementWriter } from './statements.ts';

/**
 * A function's body (a block, or a closure's one statement) as a generated function yielding its
 * value, or undefined when generation is unavailable.
 */
export function generateFunctionBody(cx: CompileContext, body: Node): Compiled | undefined {
  if (body.k === 'block' && body.hasEval) return undefined;
  const writer = new StatementWriter(cx);
  const source = body.k === 'block' ? writer.valuedStatements(body.body) : writer.valued(body);
  return instantiate('rhaiFunction', source, writer);
}
