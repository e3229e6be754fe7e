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
  /**
   * The last first-argument type seen and, when the overload it selects takes anything in every
   * other position, that overload: a call site sees one receiver type almost always, and then
   * the other arguments need no test at all.
   */
  private lastType: string | undefined;
  private lastWhole: NativeOverload | undefined;

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
      this.lastType = undefined;
      this.lastWhole = undefined;
    }
    return this.list;
  }

  /** The first overload in `table` that takes `args`, as matchOverload would find it. */
  match(table: FunctionTable, args: Value[]): NativeOverload | undefined {
    const list = this.get(table);
    if (list === undefined || list.length < 3 || args.length === 0) return list && matchOverload(list, args);
    const first = args[0];
    const type = typeOf(first);
    if (type === this.lastType && this.lastWhole !== undefined) return this.lastWhole;
    let candidates = this.byFirstType.get(type);
    if (candidates === undefined) {
      candidates = list.filter((o) => {
        const t = o.types?.[0];
        return t === undefined || t === '?' || hasType(first, t);
      });
      this.byFirstType.set(type, candidates);
    }
    this.lastType = type;
    // The candidates all fit the first argument, so the first one taking anything after it wins.
    const head = candidates[0];
    this.lastWhole = head !== undefined && takesAnyAfterFirst(head) ? head : undefined;
    return this.lastWhole ?? matchOverload(candidates, args);
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

function takesAnyAfterFirst(o: NativeOverload): boolean {
  return o.types === undefined || o.types.every((t, i) => i === 0 || t === undefined || t === '?');
}
