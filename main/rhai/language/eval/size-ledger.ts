// Data sizes as upstream counts them (eval/data_check.rs: calc_data_sizes), kept up to date
// instead of recounted.
//
// Upstream recounts a container with everything nested in it after each change that may grow it,
// so growing one to n elements costs n². The ledger counts a container once, remembering the sizes
// of it and of every container nested in it, each linked to the container it sits in; from then on
// every change is applied where it happens and carried up the links. A check then costs the size
// of the change and sees exactly the sizes a recount would. Because a change travels up from the
// changed container itself, it does not matter how that container was reached: through a variable,
// a loop variable, `this` in a callback or a chain of indexes.
//
// Changes come from the evaluator's writes (access.ts, compile-lvalue.ts, compound assignment,
// generated loops) and from natives: those registered as reporting their sizes report each element
// they add, remove or replace; any other native that mutates its first argument has that argument
// counted again afterwards, as upstream does after every such call.

import { utf8Length, type DataSizes } from '../types/data-size.ts';
import type { SizeChanges } from '../func/functions.ts';
import { Blob, type Value } from '../types/values.ts';

type Container = Value[] | Map<string, Value> | Blob;

interface Entry extends DataSizes {
  /** The entry of the container this one sits in, when that one is counted too. */
  parent: Entry | undefined;
  /** The parent's `version` when this was linked to it: a link is valid while they agree. */
  parentVersion: number;
  /** Bumped by every count of this container, which links anew whatever is still in it. */
  version: number;
  /** The count that last visited this entry, to notice one container held in two places. */
  count: number;
}

function isContainer(v: Value): v is Container {
  return Array.isArray(v) || v instanceof Map || v instanceof Blob;
}

export class SizeLedger implements SizeChanges {
  private entries = new WeakMap<object, Entry>();
  private counts = 0;
  /** A container found twice within one count: its counts cannot be kept up to date. */
  private shared = false;
  /** The last two strings measured, with their UTF-8 lengths: strings grow from the last one. */
  private recentStrings: [string, number, string, number] = ['', 0, '', 0];

  /** UTF-8 length of `s`; the recent ones are remembered, so a string built up piece by piece is not rescanned. */
  stringBytes(s: string): number {
    const r = this.recentStrings;
    if (s === r[0]) return r[1];
    if (s === r[2]) return r[3];
    const n = utf8Length(s);
    this.rememberString(s, n);
    return n;
  }

  rememberString(s: string, bytes: number): void {
    const r = this.recentStrings;
    r[2] = r[0];
    r[3] = r[1];
    r[0] = s;
    r[1] = bytes;
  }

  /** The sizes of `v`, counted once and then followed through every change. */
  tracked(v: Value): DataSizes {
    if (!isContainer(v)) return this.sizesOf(v);
    const known = this.entries.get(v);
    if (known) return known;
    const e = this.count(v, undefined, this.beginCount());
    if (this.shared) this.forgetAll();
    return e;
  }

  /** The sizes of `v`, without following it afterwards (a new value, checked once). */
  sizesOf(v: Value): DataSizes {
    if (typeof v === 'string') return { arrays: 0, maps: 0, strings: this.stringBytes(v) };
    if (!isContainer(v)) return { arrays: 0, maps: 0, strings: 0 };
    const known = this.entries.get(v);
    if (known) return known;
    const sizes: DataSizes = { arrays: 0, maps: 0, strings: 0 };
    this.addOnce(sizes, v, true);
    return sizes;
  }

  added(container: Value, item: Value): void {
    const e = this.entryOf(container);
    if (e) this.change(e, this.slot(container), item, 1);
  }

  removed(container: Value, item: Value): void {
    const e = this.entryOf(container);
    if (e) this.change(e, this.slot(container), item, -1);
  }

  replaced(container: Value, old: Value, now: Value): void {
    if (old === now) return;
    const e = this.entryOf(container);
    if (!e) return;
    this.change(e, 0, old, -1);
    this.change(e, 0, now, 1);
  }

  /** `container` changed in ways not reported element by element: count it again. */
  recount(container: Value): void {
    const e = this.entryOf(container);
    if (!e) return;
    const { arrays, maps, strings } = e;
    // A link already broken (it left that parent) must stay broken.
    const parent = e.parent && e.parentVersion === e.parent.version ? e.parent : undefined;
    this.count(container as Container, parent, this.beginCount());
    if (this.shared) {
      this.forgetAll();
      return;
    }
    if (parent) this.carry(parent, e.arrays - arrays, e.maps - maps, e.strings - strings);
  }

  private entryOf(container: Value): Entry | undefined {
    return typeof container === 'object' ? this.entries.get(container as object) : undefined;
  }

  /** Whether an element of `container` counts as an array or a map slot (BLOB bytes count as array slots). */
  private slot(container: Value): 1 | 2 {
    return container instanceof Map ? 2 : 1;
  }

  /**
   * Adds (`sign` 1) or removes (-1) `item` as an element of the container of `e`, with its own
   * slot (`slot`: 1 array, 2 map, 0 none) and everything nested in it.
   */
  private change(e: Entry, slot: 0 | 1 | 2, item: Value, sign: 1 | -1): void {
    let arrays = slot === 1 ? sign : 0;
    let maps = slot === 2 ? sign : 0;
    let strings = 0;
    if (typeof item === 'string') strings = sign * this.stringBytes(item);
    else if (isContainer(item)) {
      let inner = this.entries.get(item);
      if (sign > 0 || inner === undefined) {
        inner = this.count(item, sign > 0 ? e : undefined, this.beginCount());
        if (this.shared) {
          this.forgetAll();
          return;
        }
      } else inner.parent = undefined;
      // A BLOB inside a container counts its bytes plus one, on top of its own slot.
      if (item instanceof Blob) arrays += sign * (1 + inner.arrays);
      else {
        arrays += sign * inner.arrays;
        maps += sign * inner.maps;
        strings += sign * inner.strings;
      }
    }
    this.carry(e, arrays, maps, strings);
  }

  /** Applies a change to `e` and to every counted container around it. */
  private carry(e: Entry, arrays: number, maps: number, strings: number): void {
    for (let at: Entry | undefined = e; at;) {
      at.arrays += arrays;
      at.maps += maps;
      at.strings += strings;
      const up: Entry | undefined = at.parent;
      at = up && at.parentVersion === up.version ? up : undefined;
    }
  }

  /** Drops every count: a container held in two places cannot be followed exactly. */
  private forgetAll(): void {
    this.entries = new WeakMap();
  }

  private beginCount(): number {
    this.shared = false;
    return ++this.counts;
  }

  /** Counts `c` and everything nested in it, linking every nested container's entry to its parent's. */
  private count(c: Container, parent: Entry | undefined, count: number): Entry {
    let e = this.entries.get(c);
    if (e === undefined) {
      e = { arrays: 0, maps: 0, strings: 0, parent, parentVersion: 0, version: 0, count };
      this.entries.set(c, e);
    } else {
      // Seen before in this count, or about to become its own parent: held in two places.
      if (e.count === count || e === parent) this.shared = true;
      e.arrays = e.maps = e.strings = 0;
      e.version++;
      e.count = count;
      e.parent = parent;
    }
    e.parentVersion = parent ? parent.version : 0;
    if (c instanceof Blob) {
      e.arrays = c.bytes.length;
      return e;
    }
    if (Array.isArray(c)) {
      e.arrays = c.length;
      for (let i = 0; i < c.length; i++) this.countNested(e, c[i], count);
    } else {
      e.maps = c.size;
      for (const x of c.values()) this.countNested(e, x, count);
    }
    return e;
  }

  private countNested(e: Entry, x: Value, count: number): void {
    if (typeof x === 'string') e.strings += this.stringBytes(x);
    else if (x instanceof Blob) e.arrays += 1 + this.count(x, e, count).arrays;
    else if (Array.isArray(x) || x instanceof Map) {
      const inner = this.count(x, e, count);
      e.arrays += inner.arrays;
      e.maps += inner.maps;
      e.strings += inner.strings;
    }
  }

  /** Counts `v` into `sizes` without keeping entries, using those already kept. */
  private addOnce(sizes: DataSizes, v: Value, top: boolean): void {
    if (typeof v === 'string') {
      sizes.strings += this.stringBytes(v);
      return;
    }
    if (!isContainer(v)) return;
    const known = this.entries.get(v);
    if (v instanceof Blob) {
      sizes.arrays += (top ? 0 : 1) + v.bytes.length;
      return;
    }
    if (known) {
      sizes.arrays += known.arrays;
      sizes.maps += known.maps;
      sizes.strings += known.strings;
      return;
    }
    if (Array.isArray(v)) {
      sizes.arrays += v.length;
      for (let i = 0; i < v.length; i++) this.addOnce(sizes, v[i], false);
    } else {
      sizes.maps += v.size;
      for (const x of v.values()) this.addOnce(sizes, x, false);
    }
  }
}
