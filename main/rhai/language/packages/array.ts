// Array functions, including the higher-order ones that call back into script closures.

import { NO_POS, RhaiError } from '../types/errors.ts';
import { asRhaiError, isSystemError } from '../eval/runtime.ts';
import type { NativeContext } from '../func/functions.ts';
import { compareValues } from '../eval/operators.ts';
import { FnPtr, RRange, cloneValue, typeOf, valuesEqual, type Value } from '../types/values.ts';
import { arr, count, fnptr, str } from '../func/arg.ts';
import { REPORTS_SIZES, type Define } from './define.ts';
import { isValidFunctionName } from '../syntax/token.ts';

/**
 * Calls a predicate/mapper the way upstream does: a closure receives as many of (item, index)
 * as it declares, with `this` bound to the item so `|| this > 2` works; a named function gets
 * (item) or, failing that, (item, index).
 */
/** Where a search from `start` begins: negative counts from the end, past the end finds nothing. */
function indexStart(start: number, len: number): number {
  if (start < 0) return Math.max(0, len + start);
  return Math.min(start, len);
}

/** Whether `e` says that the function `name` (with these arguments) does not exist. */
function isMissing(e: unknown, name: string): boolean {
  if (!(e instanceof RhaiError)) return false;
  const missing = e.kind === 'ErrorInFunctionCall' ? e.inner : e;
  return missing?.kind === 'ErrorFunctionNotFound' && missing.message.startsWith(`Function not found: ${name}`);
}

function callItem(ctx: NativeContext, fp: FnPtr, item: Value, index: number): Value {
  if (fp.closure) {
    const arity = fp.closure.fn.def.params.length - fp.curry.length;
    return ctx.callWithThis(fp, item, [item, index].slice(0, Math.max(0, arity)))[0];
  }
  try {
    return ctx.callFnPtr(fp, [item]);
  } catch (e) {
    if (e instanceof RhaiError && e.kind === 'ErrorFunctionNotFound') return ctx.callFnPtr(fp, [item, index]);
    throw e;
  }
}

/** Refills `list` in place; a loop rather than spread arguments, which overflow on large arrays. */
function replaceContents(list: Value[], items: Value[]): void {
  list.length = 0;
  for (const x of items) list.push(x);
}

function truthy(v: Value): boolean {
  if (typeof v === 'boolean') return v;
  throw new RhaiError('ErrorMismatchDataType', `Data type incorrect: ${typeOf(v)} (expecting bool)`);
}

function normStart(start: number, len: number): number {
  if (start < 0) return Math.max(0, len + start);
  return Math.min(start, len);
}

function rangeBounds(r: RRange, len: number): [number, number] {
  const start = normStart(Number(r.start), len);
  const endRaw = Number(r.end) + (r.inclusive ? 1 : 0);
  const end = Math.max(start, Math.min(endRaw, len));
  return [start, end];
}

const SORTABLE = new Set(['i64', 'f64', 'char', 'string', 'bool', '()']);

/** As upstream's `sort_with_builtin`: items of one sortable type, in place. */
function sortBuiltin(list: Value[], descending: boolean): void {
  if (list.length <= 1) return;
  const type = typeOf(list[0]);
  if (list.some((x) => typeOf(x) !== type)) {
    throw new RhaiError('ErrorFunctionNotFound', 'Function not found: elements of different types cannot be sorted');
  }
  if (!SORTABLE.has(type)) {
    throw new RhaiError('ErrorFunctionNotFound', `Function not found: elements of ${type} cannot be sorted`);
  }
  const sign = descending ? -1 : 1;
  // NaN compares equal to everything, as Rust's `partial_cmp(..).unwrap_or(Equal)`.
  list.sort((a, b) => sign * (compareValues(a, b) || 0));
}

/**
 * As upstream's `sort_by`: the comparer answers an INT (its sign) or a bool (`true` first); any
 * other answer, or an error, leaves the two as they are.
 */
function sortWith(ctx: NativeContext, list: Value[], fp: FnPtr): void {
  if (list.length <= 1) return;
  list.sort((x, y) => {
    let r: Value;
    try {
      r = ctx.callFnPtr(fp, [x, y]);
    } catch (e) {
      if (isSystemError(asRhaiError(e, NO_POS))) throw e;
      return 0;
    }
    if (typeof r === 'number' || typeof r === 'bigint') return Math.sign(Number(r));
    return typeof r === 'boolean' ? (r ? -1 : 1) : 0;
  });
}

export function registerArray(def: Define): void {
  const lenOf = ([a]: Value[]): Value => arr(a).length;
  def('len', ['array'], lenOf);
  def('get$len', ['array'], lenOf);
  def('is_empty', ['array'], ([a]) => arr(a).length === 0);
  def('get$is_empty', ['array'], ([a]) => arr(a).length === 0);
  def(
    'push',
    ['array', '?'],
    ([a, x], ctx) => {
      ctx.checkArraySize(arr(a).length + 1);
      const item = cloneValue(x);
      arr(a).push(item);
      ctx.sizes.added(a, item);
      return undefined;
    },
    REPORTS_SIZES,
  );
  def(
    'append',
    ['array', 'array'],
    ([a, b], ctx) => {
      ctx.checkArraySize(arr(a).length + arr(b).length);
      // A snapshot, so appending an array to itself terminates.
      for (const x of arr(b).slice()) {
        const item = cloneValue(x);
        arr(a).push(item);
        ctx.sizes.added(a, item);
      }
      return undefined;
    },
    REPORTS_SIZES,
  );
  const takeFrom = (a: Value, take: (list: Value[]) => Value, ctx: NativeContext): Value => {
    const list = arr(a);
    if (list.length === 0) return undefined;
    const item = take(list);
    ctx.sizes.removed(a, item);
    return item;
  };
  def('pop', ['array'], ([a], ctx) => takeFrom(a, (list) => list.pop(), ctx), REPORTS_SIZES);
  def('shift', ['array'], ([a], ctx) => takeFrom(a, (list) => list.shift(), ctx), REPORTS_SIZES);
  def(
    'insert',
    ['array', 'i64', '?'],
    ([a, i, x], ctx) => {
      const list = arr(a);
      ctx.checkArraySize(list.length + 1);
      const n = count(i);
      const item = cloneValue(x);
      list.splice(n < 0 ? Math.max(0, list.length + n) : Math.min(n, list.length), 0, item);
      ctx.sizes.added(a, item);
      return undefined;
    },
    REPORTS_SIZES,
  );
  def(
    'remove',
    ['array', 'i64'],
    ([a, i], ctx) => {
      const list = arr(a);
      const n = count(i) < 0 ? list.length + count(i) : count(i);
      if (n < 0 || n >= list.length) return undefined;
      return takeFrom(a, () => list.splice(n, 1)[0], ctx);
    },
    REPORTS_SIZES,
  );
  def(
    'clear',
    ['array'],
    ([a]) => {
      arr(a).length = 0;
      return undefined;
    },
    true,
  );
  def(
    'truncate',
    ['array', 'i64'],
    ([a, n]) => {
      const list = arr(a);
      list.length = Math.min(list.length, Math.max(0, count(n)));
      return undefined;
    },
    true,
  );
  def(
    'chop',
    ['array', 'i64'],
    ([a, n]) => {
      const list = arr(a);
      const keep = Math.max(0, count(n));
      if (list.length > keep) list.splice(0, list.length - keep);
      return undefined;
    },
    true,
  );
  def(
    'pad',
    ['array', 'i64', '?'],
    ([a, n, x], ctx) => {
      const list = arr(a);
      const target = count(n);
      ctx.checkArraySize(target);
      const start = list.length;
      if (start >= target) return undefined;
      // Grown once and filled, rather than pushed item by item: a million pushes cost several times more.
      list.length = target;
      if (typeof x === 'object') for (let i = start; i < target; i++) list[i] = cloneValue(x);
      else list.fill(x, start);
      for (let i = start; i < target; i++) ctx.sizes.added(a, list[i]);
      return undefined;
    },
    REPORTS_SIZES,
  );
  // Reordering changes no size: nothing to report.
  def(
    'reverse',
    ['array'],
    ([a]) => {
      arr(a).reverse();
      return undefined;
    },
    REPORTS_SIZES,
  );
  // Sorting moves items about but changes no size: nothing to report.
  def('sort', ['array'], ([a]) => void sortBuiltin(arr(a), false), REPORTS_SIZES);
  def('sort_desc', ['array'], ([a]) => void sortBuiltin(arr(a), true), REPORTS_SIZES);
  for (const name of ['sort', 'sort_by']) {
    def(name, ['array', 'Fn'], ([a, fp], ctx) => void sortWith(ctx, arr(a), fnptr(fp)), REPORTS_SIZES);
  }
  // `order` is `sort` on a copy, returned.
  const ordered = (a: Value, sort: (list: Value[]) => void): Value => {
    const copy = arr(a).map(cloneValue);
    sort(copy);
    return copy;
  };
  def('order', ['array'], ([a]) => ordered(a, (l) => sortBuiltin(l, false)));
  def('order_desc', ['array'], ([a]) => ordered(a, (l) => sortBuiltin(l, true)));
  for (const name of ['order', 'order_by']) {
    def(name, ['array', 'Fn'], ([a, fp], ctx) => ordered(a, (l) => sortWith(ctx, l, fnptr(fp))));
  }
  def(
    'dedup',
    ['array'],
    ([a]) => {
      const list = arr(a);
      const out = list.filter((x, i) => i === 0 || !valuesEqual(x, list[i - 1]));
      replaceContents(list, out);
      return undefined;
    },
    true,
  );
  def('contains', ['array', '?'], ([a, x]) => arr(a).some((y) => valuesEqual(y, x)));
  // As upstream's array_basic.rs: by value or by predicate (a function pointer or a function's
  // name), from an optional start position.
  const byValue = (a: Value, x: Value, start: number): number => {
    const list = arr(a);
    for (let i = indexStart(start, list.length); i < list.length; i++) if (valuesEqual(list[i], x)) return i;
    return -1;
  };
  // A predicate's answer other than a bool counts as `false`, as upstream's `unwrap_or(false)`.
  const byPredicate = (ctx: NativeContext, a: Value, fp: FnPtr, start: number): number => {
    const list = arr(a);
    for (let i = indexStart(start, list.length); i < list.length; i++) {
      if (callItem(ctx, fp, list[i], i) === true) return i;
    }
    return -1;
  };
  // A string names a predicate function; since upstream 1.25, when no function of that name takes
  // the items, it is a value searched for like any other.
  const byName = (ctx: NativeContext, a: Value, name: string, start: number): number => {
    if (isValidFunctionName(name)) {
      try {
        return byPredicate(ctx, a, new FnPtr(name), start);
      } catch (e) {
        if (!isMissing(e, name)) throw e;
      }
    }
    return byValue(a, name, start);
  };
  def('index_of', ['array', 'Fn'], ([a, fp], ctx) => byPredicate(ctx, a, fnptr(fp), 0));
  def('index_of', ['array', 'Fn', 'i64'], ([a, fp, i], ctx) => byPredicate(ctx, a, fnptr(fp), count(i)));
  def('index_of', ['array', 'string'], ([a, name], ctx) => byName(ctx, a, str(name), 0));
  def('index_of', ['array', 'string', 'i64'], ([a, name, i], ctx) => byName(ctx, a, str(name), count(i)));
  def('index_of', ['array', '?'], ([a, x]) => byValue(a, x, 0));
  def('index_of', ['array', '?', 'i64'], ([a, x, i]) => byValue(a, x, count(i)));
  def('get', ['array', 'i64'], ([a, i]) => {
    const list = arr(a);
    const n = count(i) < 0 ? list.length + count(i) : count(i);
    return n >= 0 && n < list.length ? cloneValue(list[n]) : undefined;
  });
  def(
    'set',
    ['array', 'i64', '?'],
    ([a, i, x], ctx) => {
      const list = arr(a);
      const n = count(i) < 0 ? list.length + count(i) : count(i);
      if (n < 0 || n >= list.length) return undefined;
      const old = list[n];
      list[n] = cloneValue(x);
      ctx.sizes.replaced(a, old, list[n]);
      return undefined;
    },
    REPORTS_SIZES,
  );
  // Results that hold elements are copies: Rhai arrays are values, so no alias may escape.
  def('extract', ['array', 'i64'], ([a, i]) =>
    arr(a)
      .slice(normStart(count(i), arr(a).length))
      .map(cloneValue),
  );
  def('extract', ['array', 'i64', 'i64'], ([a, i, n]) => {
    const s = normStart(count(i), arr(a).length);
    return arr(a)
      .slice(s, s + Math.max(0, count(n)))
      .map(cloneValue);
  });
  for (const rt of ['range', 'range=']) {
    def('extract', ['array', rt], ([a, r]) =>
      arr(a)
        .slice(...rangeBounds(r as RRange, arr(a).length))
        .map(cloneValue),
    );
    def(
      'drain',
      ['array', rt],
      ([a, r]) => {
        const [s, e] = rangeBounds(r as RRange, arr(a).length);
        return arr(a).splice(s, e - s);
      },
      true,
    );
    def(
      'retain',
      ['array', rt],
      ([a, r]) => {
        const list = arr(a);
        const [s, e] = rangeBounds(r as RRange, list.length);
        const removed = [...list.slice(0, s), ...list.slice(e)];
        const kept = list.slice(s, e);
        replaceContents(list, kept);
        return removed;
      },
      true,
    );
  }
  def(
    'split',
    ['array', 'i64'],
    ([a, i]) => {
      const list = arr(a);
      const at = normStart(count(i), list.length);
      return list.splice(at, list.length - at);
    },
    true,
  );
  def(
    'splice',
    ['array', 'i64', 'i64', 'array'],
    ([a, i, n, b]) => {
      const list = arr(a);
      const s = normStart(count(i), list.length);
      list.splice(s, Math.max(0, count(n)), ...arr(b).map(cloneValue));
      return undefined;
    },
    true,
  );
  def('map', ['array', 'Fn'], ([a, fp], ctx) => arr(a).map((x, i) => callItem(ctx, fnptr(fp), x, i)));
  def('filter', ['array', 'Fn'], ([a, fp], ctx) =>
    arr(a)
      .filter((x, i) => truthy(callItem(ctx, fnptr(fp), x, i)))
      .map(cloneValue),
  );
  def('find', ['array', 'Fn'], ([a, fp], ctx) =>
    cloneValue(arr(a).find((x, i) => truthy(callItem(ctx, fnptr(fp), x, i)))),
  );
  def('find_map', ['array', 'Fn'], ([a, fp], ctx) => {
    for (let i = 0; i < arr(a).length; i++) {
      const r = callItem(ctx, fnptr(fp), arr(a)[i], i);
      if (r !== undefined) return r;
    }
    return undefined;
  });
  def('zip', ['array', 'array', 'Fn'], ([a, b, fp], ctx) => {
    const n = Math.min(arr(a).length, arr(b).length);
    const out: Value[] = [];
    for (let i = 0; i < n; i++) out.push(ctx.callFnPtr(fnptr(fp), [arr(a)[i], arr(b)[i]]));
    return out;
  });
  def('some', ['array', 'Fn'], ([a, fp], ctx) => arr(a).some((x, i) => truthy(callItem(ctx, fnptr(fp), x, i))));
  def('all', ['array', 'Fn'], ([a, fp], ctx) => arr(a).every((x, i) => truthy(callItem(ctx, fnptr(fp), x, i))));
  def(
    'for_each',
    ['array', 'Fn'],
    ([a, fp], ctx) => {
      const list = arr(a);
      const f = fnptr(fp);
      const arity = f.closure ? f.closure.fn.def.params.length - f.curry.length : 1;
      for (let i = 0; i < list.length; i++) {
        list[i] = ctx.callWithThis(f, list[i], arity > 0 ? [i] : [])[1];
      }
      return undefined;
    },
    true,
  );
  const reduce = (list: Value[], fp: FnPtr, init: Value, ctx: NativeContext, rev: boolean): Value => {
    let acc = init;
    const n = list.length;
    for (let k = 0; k < n; k++) {
      const i = rev ? n - 1 - k : k;
      const arity = fp.closure ? fp.closure.fn.def.params.length - fp.curry.length : 2;
      acc = ctx.callFnPtr(fp, arity >= 3 ? [acc, list[i], i] : [acc, list[i]]);
    }
    return acc;
  };
  def('reduce', ['array', 'Fn'], ([a, fp], ctx) => reduce(arr(a), fnptr(fp), undefined, ctx, false));
  def('reduce', ['array', 'Fn', '?'], ([a, fp, init], ctx) => reduce(arr(a), fnptr(fp), init, ctx, false));
  def('reduce_rev', ['array', 'Fn'], ([a, fp], ctx) => reduce(arr(a), fnptr(fp), undefined, ctx, true));
  def('reduce_rev', ['array', 'Fn', '?'], ([a, fp, init], ctx) => reduce(arr(a), fnptr(fp), init, ctx, true));
  def(
    'drain',
    ['array', 'Fn'],
    ([a, fp], ctx) => {
      const list = arr(a);
      const removed: Value[] = [];
      const kept: Value[] = [];
      list.forEach((x, i) => (truthy(callItem(ctx, fnptr(fp), x, i)) ? removed : kept).push(x));
      replaceContents(list, kept);
      return removed;
    },
    true,
  );
  def(
    'retain',
    ['array', 'Fn'],
    ([a, fp], ctx) => {
      const list = arr(a);
      const removed: Value[] = [];
      const kept: Value[] = [];
      list.forEach((x, i) => (truthy(callItem(ctx, fnptr(fp), x, i)) ? kept : removed).push(x));
      replaceContents(list, kept);
      return removed;
    },
    true,
  );
}
