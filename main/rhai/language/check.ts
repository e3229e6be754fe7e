// Static checking for editors: every parse diagnostic plus an outline of the script's symbols.

import type { ScriptAst } from './ast/ast.ts';
import type { ParseError, ParseErrorKind } from './types/errors.ts';

export interface Diagnostic {
  message: string;
  kind: ParseErrorKind;
  start: { line: number; column: number };
  end: { line: number; column: number };
}

export interface OutlineFunction {
  name: string;
  params: string[];
  isPrivate: boolean;
  doc?: string;
  start: { line: number; column: number };
  end: { line: number; column: number };
}

export interface OutlineVariable {
  name: string;
  isConst: boolean;
  start: { line: number; column: number };
}

export interface CheckReport {
  diagnostics: Diagnostic[];
  outline: { functions: OutlineFunction[]; variables: OutlineVariable[] };
}

export function toDiagnostic(e: ParseError): Diagnostic {
  return {
    message: e.message,
    kind: e.kind,
    start: { line: e.pos.line, column: e.pos.col },
    end: { line: e.end.line, column: e.end.col },
  };
}

export function outlineOf(ast: ScriptAst): CheckReport['outline'] {
  return {
    functions: ast.functions.map((f) => {
      const o: OutlineFunction = {
        name: f.name,
        params: f.params.map((p) => p.name),
        isPrivate: f.isPrivate,
        start: { line: f.pos.line, column: f.pos.col },
        end: { line: f.end.line, column: f.end.col },
      };
      if (f.doc !== undefined) o.doc = f.doc;
      return o;
    }),
    variables: ast.topLevel.map((d) => ({
      name: d.name,
      isConst: d.isConst,
      start: { line: d.pos.line, column: d.pos.col },
    })),
  };
}
