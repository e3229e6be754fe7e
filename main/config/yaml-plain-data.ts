// Turns the yaml package's syntax tree into plain data, in place of its Document.toJS, which
// makes `a: &a [*a]` a circular object that everything after it recurses into forever, throws an
// alias bomb or an alias before its anchor as a ReferenceError without a position, and finds each
// alias's anchor by scanning every anchor before it, which is quadratic in their number.
//
// Here an alias takes the latest anchor of its name from a map. One inside the value it names is
// a cycle, and the values aliases stand for are counted against a budget; each error is reported
// at the alias. Duplicate keys are found with a lookup per key (the parser's own check, turned
// off, compares every pair of keys in a table), and each key's and element's offset is noted on
// the way. An alias stands for the same object as its anchor, as in toJS.

import { isAlias, isMap, isScalar, isSeq, type Alias, type Pair } from 'yaml';

import type { ConfigError } from './config-error.ts';
import type { PositionNode } from './key-positions.ts';

/** Aliases may stand for this many values in all: far more than repeating a block a few times needs. */
export const ALIAS_VALUE_BUDGET = 100_000;

export type ErrorAt = (offset: number, problem: string) => ConfigError;

interface Converted {
  value: unknown;
  /** How many values it holds once aliases are expanded, itself included. */
  size: number;
}

export function yamlPlainData(contents: unknown, root: PositionNode, errorAt: ErrorAt): unknown {
  return new YamlConverter(errorAt).convert(contents, root).value;
}

const offsetOf = (node: unknown, fallback: number): number =>
  (node as { range?: readonly number[] | null } | null)?.range?.[0] ?? fallback;

class YamlConverter {
  /** The latest node so far, in document order, to carry each anchor. */
  private readonly anchored = new Map<string, unknown>();
  /** Anchored nodes converted; an anchored node not yet here is still being converted. */
  private readonly converted = new Map<unknown, Converted>();
  private aliasValues = 0;

  constructor(private readonly errorAt: ErrorAt) {}

  convert(node: unknown, position: PositionNode): Converted {
    if (isAlias(node)) return this.alias(node);
    const anchor = isMap(node) || isSeq(node) || isScalar(node) ? node.anchor : undefined;
    if (anchor) this.anchored.set(anchor, node);
    let result: Converted;
    if (isMap(node)) result = this.table(node.items as Pair[], position);
    else if (isSeq(node)) result = this.list(node.items, position);
    else result = { value: isScalar(node) ? node.value : null, size: 1 };
    if (anchor) this.converted.set(node, result);
    return result;
  }

  private alias(alias: Alias): Converted {
    const at = offsetOf(alias, 0);
    const name = alias.source;
    const source = this.anchored.get(name);
    if (source === undefined) throw this.errorAt(at, `alias *${name} has no anchor &${name} before it`);
    const converted = this.converted.get(source);
    if (!converted) throw this.errorAt(at, `alias *${name} stands for the value that contains it (&${name}), a cycle`);
    this.aliasValues += converted.size;
    if (this.aliasValues > ALIAS_VALUE_BUDGET) {
      throw this.errorAt(at, `aliases stand for more than ${ALIAS_VALUE_BUDGET} values in all (an alias bomb?)`);
    }
    return converted;
  }

  private table(pairs: readonly Pair[], position: PositionNode): Converted {
    const table: Record<string, unknown> = {};
    let size = 1;
    for (const pair of pairs) {
      const at = offsetOf(pair.key, offsetOf(pair.value, position.offset));
      const key = this.keyOf(pair.key, at);
      if (Object.hasOwn(table, key)) throw this.errorAt(at, 'Map keys must be unique');
      const item = this.convert(pair.value, position.child(key, at));
      // Assigning `__proto__` would set the table's prototype instead of adding the key.
      Object.defineProperty(table, key, { value: item.value, enumerable: true, writable: true, configurable: true });
      size += item.size;
    }
    return { value: table, size };
  }

  private list(items: readonly unknown[], position: PositionNode): Converted {
    const list: unknown[] = [];
    let size = 1;
    items.forEach((node, index) => {
      const item = this.convert(node, position.child(index, offsetOf(node, position.offset)));
      list.push(item.value);
      size += item.size;
    });
    return { value: list, size };
  }

  /** A key path addresses tables by text, so a key must be a scalar; `<<`, YAML 1.1's merge key, is a key like any other. */
  private keyOf(node: unknown, at: number): string {
    if (node === null || node === undefined) return '';
    if (!isScalar(node)) throw this.errorAt(at, 'expected a plain key, not a list, table or alias');
    const { value } = node;
    if (typeof value === 'symbol') return value.description ?? '';
    return value === null ? '' : String(value);
  }
}
