// The guest half of a debugged iteration, run as a script of its own before the brain. Its `const`s
// are global lexical bindings: the instrumented brain reaches them by name, yet they are no
// properties of globalThis, so the brain's view of its globals stays as it was. The builtins the
// debugger relies on are taken now, before the brain can replace them. The script's value is the
// object of helpers the host calls while the brain is stopped.
//
// What the brain reads that is not a host call, `Math.random` and the clock (`Date.now`, `new
// Date()`, `Date()`), is noted as it is read (up to a limit), so that a re-run of the iteration
// (rerun.ts) reads the same. A re-run's prelude serves those notes back, keeps the marked frames'
// last hooked statements in the guest (rerun-hooks.ts; no host call per statement), and stops the
// re-run where it is to stop: it spins, and the interrupt that ends the spin cannot be caught, so
// no `catch` or `finally` of the brain runs after it and the frames' variables keep their values.

import { SHARED, SLOW_OFFSET, THROWN_AT } from './instrument.ts';
import { RERUN } from './rerun-hooks.ts';

/** The global property the host functions wait in until the prelude takes them. */
export const preludeHandoff = (prefix: string): string => `${prefix}host`;

/** Values of `Math.random` and of the clock noted per iteration; past that a re-run cannot be exact. */
export const ENTROPY_LIMIT = 50_000;

/** One pass of a re-run (rerun.ts, rerun-hooks.ts) to the stop: at this site, in the frame of this serial. */
export interface RerunPass {
  /**
   * `find`: the serials of the frames around the stop's, taken as the stop's frame is entered;
   * `read`: those frames' accessors, at the stop.
   */
  pass: 'find' | 'read';
  site: number;
  depth: number;
  /** The entry serial count at the stop. */
  serial: number;
  /** For `read`: the serials of the frames to mark, ascending (the stop's frame last). */
  wanted: readonly number[];
}

export function preludeSource(prefix: string, rerun?: RerunPass): string {
  const p = prefix;
  const count = `${p}${SHARED.serial}`;
  const offset = `${p}${SHARED.offset}`;
  const serial = `(${count} + ${offset})`;
  const r = (suffix: string) => `${p}${suffix}`;
  const entropy = rerun
    ? `const [randoms, clocks] = host.logged;
  let nextR = 0, nextC = 0;
  const nextRandom = () => nextR < randoms.length ? randoms[nextR++] : (host.diverged('Math.random'), spin());
  const nextClock = () => nextC < clocks.length ? clocks[nextC++] : (host.diverged('the clock'), spin());`
    : `const randoms = [], clocks = [];
  let overflow = false;
  const noted = (list, value) => {
    if (list.length < ${ENTROPY_LIMIT}) list[list.length] = value;
    else overflow = true;
    return value;
  };
  const nextRandom = () => noted(randoms, random());
  const nextClock = () => noted(clocks, now());`;
  const frames = rerun
    ? `const wanted = ${JSON.stringify(rerun.wanted)};
  let wantedAt = 0;
  const E = ${
    rerun.pass === 'find'
      ? `() => { host.found(helpers.stackSerials()); spin(); }`
      : `() => {
    const entered = wanted[wantedAt++];
    ${r(RERUN.next)} = wantedAt < wanted.length ? wanted[wantedAt] : -1;
    return entered === ${rerun.depth} ? 2 : 1;
  }`
  };
  const L = () => { host.left(); spin(); };
  const records = create(null);
  const S = (id, d, acc) => {
    records[d] = [id, acc];
    if (d === ${rerun.depth} && host.arrive(acc)) spin();
  };
  const R = () => {};
  /** [serial, site, accessor] of each marked frame's last hooked statement. */
  helpers.records = () => {
    const out = [];
    for (const d of getOwnPropertyNames(records)) out[out.length] = [+d, records[d][0], records[d][1]];
    return out;
  };
  /** The entry serials of the frames on the stack. */
  helpers.stackSerials = () => call(slice, ${r(RERUN.stack)}, 1, ${r(RERUN.height)} + 1);
  // Each host function asks first whether its call is the one the live brain is held in: the
  // re-run then stops there, before the call (a stop inside it could be caught by the brain).
  const wrappers = new WeakMap();
  const wrapperOf = WeakMap.prototype.get, keepWrapper = WeakMap.prototype.set;
  const wrap = (fn) => {
    let wrapped = call(wrapperOf, wrappers, fn);
    if (wrapped) return wrapped;
    wrapped = { [fn.name](...args) { if (host.beforeCall()) spin(); return apply(fn, this, args); } }[fn.name];
    defineProperty(wrapped, 'length', { value: fn.length });
    call(keepWrapper, wrappers, fn, wrapped);
    return wrapped;
  };
  const omw = globalThis.omw;
  for (const name of getOwnPropertyNames(omw.host)) omw.host[name] = wrap(omw.host[name]);
  for (const space of [omw.provider, omw.tooling]) {
    const get = space.get;
    space.get = wrap({ get(name) {
      const handle = apply(get, this, [name]);
      for (const method of getOwnPropertyNames(handle)) {
        if (typeof handle[method] === 'function') handle[method] = wrap(handle[method]);
      }
      return handle;
    } }.get);
  }`
    : `const S = host.statement, R = host.leave;
  /** [Math.random values, clock values, whether some were not noted] read so far. */
  helpers.entropy = () => [randoms, clocks, overflow];`;
  const thrown = rerun
    ? `if (site === ${rerun.site} && d === ${rerun.depth} && ${serial} === ${rerun.serial} && host.arrive(acc)) spin();`
    : `host.thrown(x, kind, d, acc, site, ${p}${SHARED.tryDepth} > 0);`;
  const rerunBindings = rerun
    ? `let ${r(RERUN.mark)} = ${rerun.pass === 'read' ? 1 : 0};
let ${r(RERUN.next)} = ${rerun.pass === 'read' ? (rerun.wanted[0] ?? -1) : rerun.depth};
let ${r(RERUN.height)} = 0;
const ${r(RERUN.stack)} = [];
`
    : '';
  const exported = rerun ? `S, R, X, E, L, helpers` : `S, R, X, helpers`;
  const bound = rerun
    ? `S: ${p}S, R: ${p}R, X: ${p}X, E: ${r(RERUN.enter)}, L: ${r(RERUN.left)}, helpers: ${p}helpers`
    : `S: ${p}S, R: ${p}R, X: ${p}X, helpers: ${p}helpers`;
  return `"use strict";
let ${p}${SHARED.on} = true;
let ${count} = ${-SLOW_OFFSET};
let ${offset} = ${SLOW_OFFSET};
let ${p}${SHARED.tryDepth} = 0;
const ${p}d = 0;
${rerunBindings}const { ${bound} } = ((host) => {
  const { create, defineProperty, getOwnPropertyDescriptor, getOwnPropertyNames, getPrototypeOf, is } = Object;
  const slice = Array.prototype.slice;
  const { isArray } = Array;
  // Maps and Sets are read through their own builtins, taken now (the brain may replace them).
  const mapSize = getOwnPropertyDescriptor(Map.prototype, 'size').get;
  const setSize = getOwnPropertyDescriptor(Set.prototype, 'size').get;
  const mapEach = Map.prototype.forEach, setEach = Set.prototype.forEach;
  const sizeBy = (getter, v) => { try { return call(getter, v); } catch { return -1; } };
  const { apply, construct } = Reflect;
  const stringify = JSON.stringify;
  const Fn = Function;
  const Err = Error;
  const OriginalDate = Date;
  const now = Date.now;
  const random = Math.random;
  const fixed = new WeakSet();
  const globalGetters = create(null);
  const has = WeakSet.prototype.has, add = WeakSet.prototype.add;
  const call = Fn.prototype.call.bind(Fn.prototype.call);
  const spin = () => { for (;;) {} };
  let last = fixed;
  let changed = false;
  ${entropy}
  const isObject = (x) => (typeof x === 'object' && x !== null) || typeof x === 'function';
  const X = (x, kind, d, acc, site) => {
    if (isObject(x) && !call(has, fixed, x)) {
      call(add, fixed, x);
      const stack = getOwnPropertyDescriptor(x, 'stack');
      if (stack && typeof stack.value === 'string' && stack.writable) x.stack = host.mapStack(stack.value);
    }
    if (kind === ${THROWN_AT.throwStatement} || x !== last) {
      last = x;
      ${thrown}
    }
    return x;
  };
  const className = (v) => {
    const proto = getPrototypeOf(v);
    const ctor = proto && getOwnPropertyDescriptor(proto, 'constructor');
    return ctor && typeof ctor.value === 'function' ? ctor.value.name : '';
  };
  const helpers = {
    stack: () => new Err().stack,
    fixed: (x) => isObject(x) && call(has, fixed, x),
    reported: (x) => x === last,
    /** The entry serial counter: evaluations put it back, so that calls they make leave no trace. */
    serial: () => ${serial},
    setSerial: (value) => { ${count} = value - ${offset}; },
    /** Whether an evaluation assigned a variable of the brain's. */
    changed: () => changed,
    /** What frame-signature.ts needs, as it was before the brain ran. */
    builtins: {
      getOwnPropertyDescriptor, getOwnPropertyNames, is, isArray, stringify, className, call,
      isFinite: Number.isFinite, String, sliceString: String.prototype.slice, symbolText: Symbol.prototype.toString,
    },
    /** An expression in a frame: the accessor's names become parameters, written back if changed. */
    evaluate: (names, acc, self, expression) => {
      const values = [], live = [];
      for (let i = 0; i < names.length; i++) {
        try { values[i] = acc(i, undefined, false); live[i] = true; } catch { values[i] = undefined; live[i] = false; }
      }
      const run = Fn(...names, 'return [(' + expression + '\\n), [' + names.join(',') + ']]');
      const [result, after] = call(run, self, ...values);
      for (let i = 0; i < names.length; i++) {
        if (live[i] && !is(after[i], values[i])) {
          changed = true;
          acc(i, after[i], true);
        }
      }
      return result;
    },
    // One compiled getter per global, kept: a re-run finding a pause reads the globals at every turn.
    global: (name) => (globalGetters[name] ??= Fn('return ' + name))(),
    setGlobal: (name, value) => Fn('${p}v', name + ' = ${p}v')(value),
    /** [text, type, 0 plain | 1 array | 2 object, child count] */
    show: (v) => {
      switch (typeof v) {
        case 'string': return [stringify(v), 'string', 0, 0];
        case 'number': return [is(v, -0) ? '-0' : String(v), 'number', 0, 0];
        case 'bigint': return [String(v) + 'n', 'bigint', 0, 0];
        case 'symbol': return [v.toString(), 'symbol', 0, 0];
        case 'function': return ['ƒ ' + (v.name || 'anonymous') + '()', 'function', 0, 0];
        case 'object': break;
        default: return [String(v), typeof v, 0, 0];
      }
      if (v === null) return ['null', 'null', 0, 0];
      if (isArray(v)) return ['Array(' + v.length + ')', 'array', 1, v.length];
      const mapped = sizeBy(mapSize, v);
      if (mapped >= 0) return ['Map(' + mapped + ')', 'Map', 1, mapped];
      const held = sizeBy(setSize, v);
      if (held >= 0) return ['Set(' + held + ')', 'Set', 1, held];
      const names = getOwnPropertyNames(v);
      if (v instanceof Err) return [String(v.name) + ': ' + String(v.message), 'error', 2, names.length];
      const name = className(v);
      return [(name && name !== 'Object' ? name + ' ' : '') + '{…}', name || 'object', 2, names.length];
    },
    /**
     * [name, value, isGetter] of own properties; for an array or a Set, its items from start; for a
     * Map, its entries from start, each named by its key (a key that is an object or a function
     * gives its position, and the value is the pair [key, value]).
     */
    children: (v, start, count) => {
      const out = [];
      if (isArray(v)) {
        const end = Math.min(v.length, start + count);
        for (let i = start; i < end; i++) out.push([String(i), v[i], false]);
        return out;
      }
      const end = start + count;
      if (sizeBy(mapSize, v) >= 0) {
        let i = 0;
        call(mapEach, v, (value, key) => {
          if (i >= start && i < end) {
            const named = !isObject(key);
            out.push([named ? helpers.show(key)[0] : '[' + i + ']', named ? value : [key, value], false]);
          }
          i++;
        });
        return out;
      }
      if (sizeBy(setSize, v) >= 0) {
        let i = 0;
        call(setEach, v, (value) => {
          if (i >= start && i < end) out.push([String(i), value, false]);
          i++;
        });
        return out;
      }
      for (const name of getOwnPropertyNames(v)) {
        const d = getOwnPropertyDescriptor(v, name);
        out.push(d && 'value' in d ? [name, d.value, false] : [name, undefined, true]);
      }
      return out;
    },
  };
  ${frames}
  helpers.hook = (on, fast) => {
    const serial = ${serial};
    ${offset} = fast ? 0 : ${SLOW_OFFSET};
    // A count QuickJS holds as an integer, not a double, counts faster.
    ${count} = fast && serial <= 0x7fffffff ? serial | 0 : serial - ${offset};
    ${p}${SHARED.on} = on;
  };
  defineProperty(Math, 'random', { value: { random() { return nextRandom(); } }.random });
  const ClockDate = new Proxy(OriginalDate, {
    construct: (target, args, newTarget) => construct(target, args.length === 0 ? [nextClock()] : args, newTarget),
    apply: () => new OriginalDate(nextClock()).toString(),
  });
  defineProperty(OriginalDate, 'now', { value: { now() { return nextClock(); } }.now });
  defineProperty(OriginalDate.prototype, 'constructor', { value: ClockDate });
  defineProperty(globalThis, 'Date', { value: ClockDate });
  return { ${exported} };
})(globalThis.${preludeHandoff(p)});
delete globalThis.${preludeHandoff(p)};
${p}helpers;
`;
}
