// The guest half of a debugged iteration, run as a script of its own before the brain. Its `const`s
// are global lexical bindings: the instrumented brain reaches them by name, yet they are no
// properties of globalThis, so the brain's view of its globals stays as it was. The builtins the
// debugger relies on are taken now, before the brain can replace them. The script's value is the
// object of helpers the host calls while the brain is stopped.

import { SHARED, THROWN_AT } from './instrument.ts';

/** The global property the host functions wait in until the prelude takes them. */
export const preludeHandoff = (prefix: string): string => `${prefix}host`;

export function preludeSource(prefix: string): string {
  const p = prefix;
  return `"use strict";
let ${p}${SHARED.on} = true;
let ${p}${SHARED.serial} = 0;
let ${p}${SHARED.tryDepth} = 0;
let ${p}${SHARED.fast} = false;
const ${p}d = 0;
const { S: ${p}S, R: ${p}R, X: ${p}X, helpers: ${p}helpers } = ((host) => {
  const { getOwnPropertyDescriptor, getOwnPropertyNames, getPrototypeOf, is } = Object;
  const { isArray } = Array;
  const stringify = JSON.stringify;
  const Fn = Function;
  const Err = Error;
  const fixed = new WeakSet();
  const has = WeakSet.prototype.has, add = WeakSet.prototype.add;
  const call = Fn.prototype.call.bind(Fn.prototype.call);
  let last = fixed;
  const isObject = (x) => (typeof x === 'object' && x !== null) || typeof x === 'function';
  const X = (x, kind, d, acc, site) => {
    if (isObject(x) && !call(has, fixed, x)) {
      call(add, fixed, x);
      const stack = getOwnPropertyDescriptor(x, 'stack');
      if (stack && typeof stack.value === 'string' && stack.writable) x.stack = host.mapStack(stack.value);
    }
    if (kind === ${THROWN_AT.throwStatement} || x !== last) {
      last = x;
      host.thrown(x, kind, d, acc, site, ${p}${SHARED.tryDepth} > 0);
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
    /** An expression in a frame: the accessor's names become parameters, written back if changed. */
    evaluate: (names, acc, self, expression) => {
      const values = [], live = [];
      for (let i = 0; i < names.length; i++) {
        try { values[i] = acc(i, undefined, false); live[i] = true; } catch { values[i] = undefined; live[i] = false; }
      }
      const run = Fn(...names, 'return [(' + expression + '\\n), [' + names.join(',') + ']]');
      const [result, after] = call(run, self, ...values);
      for (let i = 0; i < names.length; i++) if (live[i] && !is(after[i], values[i])) acc(i, after[i], true);
      return result;
    },
    global: (name) => Fn('return ' + name)(),
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
      const names = getOwnPropertyNames(v);
      if (v instanceof Err) return [String(v.name) + ': ' + String(v.message), 'error', 2, names.length];
      const name = className(v);
      return [(name && name !== 'Object' ? name + ' ' : '') + '{…}', name || 'object', 2, names.length];
    },
    /** [name, value, isGetter] of own properties; for an array, its items from start. */
    children: (v, start, count) => {
      const out = [];
      if (isArray(v)) {
        const end = Math.min(v.length, start + count);
        for (let i = start; i < end; i++) out.push([String(i), v[i], false]);
        return out;
      }
      for (const name of getOwnPropertyNames(v)) {
        const d = getOwnPropertyDescriptor(v, name);
        out.push(d && 'value' in d ? [name, d.value, false] : [name, undefined, true]);
      }
      return out;
    },
  };
  helpers.hook = (on, fast) => { ${p}${SHARED.on} = on; ${p}${SHARED.fast} = fast; };
  return { S: host.statement, R: host.leave, X, helpers };
})(globalThis.${preludeHandoff(p)});
delete globalThis.${preludeHandoff(p)};
${p}helpers;
`;
}
