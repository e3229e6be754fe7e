// Object map functions. Maps iterate in key order, like upstream's BTreeMap.

import { cloneValue, sortedKeys, type RMap, type Value } from '../types/values.ts';
import type { NativeContext } from '../func/functions.ts';
import { fnptr, map, text } from '../func/arg.ts';
import { REPORTS_SIZES, type Define } from './define.ts';

/** Stores `value` under `key`, reporting the new or replaced entry's size. */
function setEntry(ctx: NativeContext, m: Value, key: string, value: Value): void {
  const entries = map(m);
  const had = entries.has(key);
  const old = entries.get(key);
  entries.set(key, value);
  if (had) ctx.sizes.replaced(m, old, value);
  else ctx.sizes.added(m, value);
}

export function registerMap(def: Define): void {
  const lenOf = ([m]: Value[]): Value => map(m).size;
  def('len', ['map'], lenOf);
  def('get$len', ['map'], lenOf);
  def('is_empty', ['map'], ([m]) => map(m).size === 0);
  def('get$is_empty', ['map'], ([m]) => map(m).size === 0);
  def('keys', ['map'], ([m]) => sortedKeys(map(m)));
  // Results that hold stored values are copies: maps are values, so no alias may escape.
  def('values', ['map'], ([m]) => sortedKeys(map(m)).map((k) => cloneValue(map(m).get(k))));
  for (const t of ['string', 'char']) {
    def('contains', ['map', t], ([m, k]) => map(m).has(text(k)));
    def('get', ['map', t], ([m, k]) => cloneValue(map(m).get(text(k))));
    def(
      'remove',
      ['map', t],
      ([m, k], ctx) => {
        if (!map(m).has(text(k))) return undefined;
        const v = map(m).get(text(k));
        map(m).delete(text(k));
        ctx.sizes.removed(m, v);
        return v;
      },
      REPORTS_SIZES,
    );
    def(
      'set',
      ['map', t, '?'],
      ([m, k, v], ctx) => {
        if (!map(m).has(text(k))) ctx.checkMapSize(map(m).size + 1);
        setEntry(ctx, m, text(k), cloneValue(v));
        return undefined;
      },
      REPORTS_SIZES,
    );
  }
  def(
    'clear',
    ['map'],
    ([m]) => {
      map(m).clear();
      return undefined;
    },
    true,
  );
  def(
    'mixin',
    ['map', 'map'],
    ([m, other], ctx) => {
      for (const [k, v] of map(other)) setEntry(ctx, m, k, cloneValue(v));
      ctx.checkMapSize(map(m).size);
      return undefined;
    },
    REPORTS_SIZES,
  );
  def(
    'fill_with',
    ['map', 'map'],
    ([m, other], ctx) => {
      for (const [k, v] of map(other)) if (!map(m).has(k)) setEntry(ctx, m, k, cloneValue(v));
      ctx.checkMapSize(map(m).size);
      return undefined;
    },
    REPORTS_SIZES,
  );
  def('filter', ['map', 'Fn'], ([m, fp], ctx) => {
    const out: RMap = new Map();
    for (const k of sortedKeys(map(m))) {
      const v = map(m).get(k);
      if (ctx.callFnPtr(fnptr(fp), [k, v]) === true) out.set(k, cloneValue(v));
    }
    return out;
  });
  def(
    'retain',
    ['map', 'Fn'],
    ([m, fp], ctx) => {
      const removed: RMap = new Map();
      for (const k of sortedKeys(map(m))) {
        const v = map(m).get(k);
        if (ctx.callFnPtr(fnptr(fp), [k, v]) !== true) {
          removed.set(k, v);
          map(m).delete(k);
        }
      }
      return removed;
    },
    true,
  );
  def(
    'drain',
    ['map', 'Fn'],
    ([m, fp], ctx) => {
      const removed: RMap = new Map();
      for (const k of sortedKeys(map(m))) {
        const v = map(m).get(k);
        if (ctx.callFnPtr(fnptr(fp), [k, v]) === true) {
          removed.set(k, v);
          map(m).delete(k);
        }
      }
      return removed;
    },
    true,
  );
}
