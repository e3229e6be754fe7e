// The script functions of one compiled script (or module), keyed by name and arity.

import type { Library, ScriptFunction } from './functions.ts';

export class ScriptLibrary implements Library {
  readonly functions = new Map<string, ScriptFunction>();
  private readonly names = new Set<string>();

  add(sf: ScriptFunction): void {
    this.functions.set(`${sf.def.name}/${sf.def.params.length}`, sf);
    this.names.add(sf.def.name);
  }

  hasName(name: string): boolean {
    return this.names.has(name);
  }
}
