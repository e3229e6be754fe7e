// Per-call-site cache of native overload lists, invalidated when the function table changes.

import type { FunctionTable, NativeOverload } from './functions.ts';

export class NativeCache {
  private table: FunctionTable | undefined;
  private version = -1;
  private list: NativeOverload[] | undefined;

  constructor(
    private readonly name: string,
    private readonly arity: number,
  ) {}

  get(table: FunctionTable): NativeOverload[] | undefined {
    if (table !== this.table || table.version !== this.version) {
      this.table = table;
      this.version = table.version;
      this.list = table.lookup(this.name, this.arity);
    }
    return this.list;
  }
}
