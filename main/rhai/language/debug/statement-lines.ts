// The lines a debugger can stop on: where a statement starts, as the evaluator checks statements
// (every statement of a block, of a function body and of the script, and the body of a closure
// that is a single expression).

import type { FnDef, Node } from '../ast/ast.ts';
import { DEFAULT_PARSE_OPTIONS } from '../syntax/parse-options.ts';
import { parseScript } from '../syntax/parser.ts';

/** 1-based and ascending; of a script that does not parse, those of the statements that do. */
export function statementLines(source: string): number[] {
  const { ast } = parseScript(source, { ...DEFAULT_PARSE_OPTIONS, globalConstants: true });
  const lines = new Set<number>();
  const statements = (list: Node[]): void => {
    for (const s of list) lines.add(s.pos.line);
  };
  const fn = (def: FnDef): void => {
    if (def.body.k !== 'block') lines.add(def.body.pos.line);
  };
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x instanceof Map) [...x.values()].forEach(visit);
    else if (typeof x === 'object' && x !== null) {
      if ('k' in x) {
        const node = x as Node;
        if (node.k === 'lit') return;
        if (node.k === 'block') statements(node.body);
        if (node.k === 'closure') fn(node.fn);
      }
      for (const [key, value] of Object.entries(x)) if (key !== 'pos' && typeof value === 'object') visit(value);
    }
  };
  statements(ast.body);
  visit(ast.body);
  for (const def of ast.functions) {
    fn(def);
    visit(def.body);
  }
  return [...lines].sort((a, b) => a - b);
}
