// Per-call-site cache of native overloads, invalidated when the function table changes. Overloads
// are also grouped by the type of the first argument (the receiver of a method call), so a call
// on an array does not test the string and BLOB overloads of the same name first.

import type { FunctionTable, NativeOverload } from './functions.ts';
import { hasType, typeOf, type Value } from '../types/values.ts';

export class NativeCache {
  private table: FunctionTable | undefined;
  private version = -1;
  private list: NativeOverload[] | undefined;
  private readonly byFirstType = new Map<string, NativeOverload[]>();

  constructor(
    private readonly name: string,
    private readonly arity: number,
  ) {}

  get(table: FunctionTable): NativeOverload[] | undefined {
    if (table !== this.table || table.version !== this.version) {
      this.table = table;
      this.version = table.version;
      this.list = table.lookup(this.name, this.arity);
      this.byFirstType.clear();
    }
    return this.list;
  }

  /** The first overload in `table` that takes `args`, as matchOverload would find it. */
  match(table: FunctionTable, args: Value[]): NativeOverload | undefined {
    const list = this.get(table);
    if (list === undefined || list.length < 3 || args.length === 0) return list && matchOverload(list, args);
    const first = args[0];
    const type = typeOf(first);
    let candidates = this.byFirstType.get(type);
    if (candidates === undefined) {
      candidates = list.filter((o) => {
        const t = o.types?.[0];
        return t === undefined || t === '?' || hasType(first, t);
      });
      this.byFirstType.set(type, candidates);
    }
    return matchOverload(candidates, args);
  }
}

/** The first overload whose declared parameter types fit `args` ('?' and untyped fit anything). */
export function matchOverload(list: NativeOverload[], args: Value[]): NativeOverload | undefined {
  outer: for (const o of list) {
    if (o.types) {
      for (let i = 0; i < o.types.length; i++) {
        const t = o.types[i];
        if (t !== undefined && t !== '?' && !hasType(args[i], t)) continue outer;
      }
    }
    return o;
  }
  return undefined;
}
