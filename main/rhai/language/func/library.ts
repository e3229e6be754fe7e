// The script functions of one compiled script (or module), keyed by name and arity.

import { defKey } from '../ast/ast.ts';
import type { Library, ScriptFunction } from './functions.ts';

export class ScriptLibrary implements Library {
  readonly functions = new Map<string, ScriptFunction>();
  private readonly names = new Set<string>();
  typedMethods = false;

  add(sf: ScriptFunction): void {
    this.functions.set(defKey(sf.def), sf);
    if (sf.def.thisType !== undefined) this.typedMethods = true;
    else this.names.add(sf.def.name);
  }

  hasName(name: string): boolean {
    return this.names.has(name);
  }
}
