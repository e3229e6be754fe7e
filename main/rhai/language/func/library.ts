// The script functions of one compiled script (or module), keyed by name and arity.

import { defKey } from '../ast/ast.ts';
import type { ScriptAst } from '../ast/ast.ts';
import type { Library, ScriptFunction } from './functions.ts';
import type { Module } from './module.ts';

/**
 * Where a script that is not the run's own came from: an imported module's file, or `eval`
 * code. Its functions' lines are that script's, which a debugger must show as such.
 */
export interface ScriptOrigin {
  /** The debugger's source: a module's absolute path, or a name standing for `eval` code. */
  source: string;
  /** What the script calls it: the module's import path (as upstream names it in errors), `eval`. */
  name: string;
  ast: ScriptAst;
  /** `eval` code's text (it has no file). */
  text?: string;
  /**
   * A module's own top-level imports, by alias: its functions see these, not the importing
   * script's (upstream encapsulates a module's functions with its imports). Undefined for `eval`
   * code, which shares its caller's.
   */
  imports?: Map<string, Module>;
}

export class ScriptLibrary implements Library {
  readonly functions = new Map<string, ScriptFunction>();
  private readonly names = new Set<string>();
  typedMethods = false;

  /** Undefined for the run's own script. */
  constructor(readonly origin?: ScriptOrigin) {}

  add(sf: ScriptFunction): void {
    this.functions.set(defKey(sf.def), sf);
    if (sf.def.thisType !== undefined) this.typedMethods = true;
    else this.names.add(sf.def.name);
  }

  hasName(name: string): boolean {
    return this.names.has(name);
  }
}
