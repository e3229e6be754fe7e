// Data-size limits: counted as upstream counts them (calc_data_sizes), reported where upstream
// reports them, and kept up to date incrementally so that growing a value stays linear.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../main/rhai/language/engine.ts';
import type { Limits } from '../../main/rhai/language/eval/limits.ts';
import { RhaiError } from '../../main/rhai/language/types/errors.ts';
import { Scope } from '../../main/rhai/language/types/scope.ts';
import { Blob, type Value } from '../../main/rhai/language/types/values.ts';
import { seededRandom } from './helpers.ts';

type Sizes = { arrays: number; maps: number; strings: number };

/** Upstream's calc_data_sizes, written out independently of the implementation under test. */
function upstreamSizes(v: Value): Sizes {
  const sizes = { arrays: 0, maps: 0, strings: 0 };
  const nested = (x: Value): void => {
    if (typeof x === 'string') sizes.strings += new TextEncoder().encode(x).length;
    else if (x instanceof Blob) sizes.arrays += 1 + x.bytes.length;
    else if (Array.isArray(x) || x instanceof Map) {
      const inner = upstreamSizes(x);
      sizes.arrays += inner.arrays;
      sizes.maps += inner.maps;
      sizes.strings += inner.strings;
    }
  };
  if (typeof v === 'string') sizes.strings = new TextEncoder().encode(v).length;
  else if (v instanceof Blob) sizes.arrays = v.bytes.length;
  else if (Array.isArray(v)) {
    for (const x of v) {
      sizes.arrays += 1;
      nested(x);
    }
  } else if (v instanceof Map) {
    for (const x of v.values()) {
      sizes.maps += 1;
      nested(x);
    }
  }
  return sizes;
}

const LIMIT_OF: Record<keyof Sizes, keyof Limits> = {
  arrays: 'maxArraySize',
  maps: 'maxMapSize',
  strings: 'maxStringSize',
};

function limited(limits: Partial<Limits>): Engine {
  const engine = new Engine();
  Object.assign(engine.limits, limits);
  return engine;
}

/** How `src` ends: its value, or the error kind and where it was raised. */
function ending(src: string, engine: Engine): string {
  try {
    engine.eval(src);
    return 'ok';
  } catch (e) {
    if (!(e instanceof RhaiError)) throw e;
    return `${e.kind} at ${e.pos.line}:${e.pos.col}`;
  }
}

describe('size limits fire at exactly the limit, as upstream', () => {
  const cases: [string, Partial<Limits>, string, string][] = [
    // [what, limit, script at the limit, the same one step beyond it]
    [
      'array push',
      { maxArraySize: 3 },
      'let a = [1]; a.push(2); a.push(3);',
      'let a = [1]; a.push(2); a.push(3); a.push(4);',
    ],
    ['array +=', { maxArraySize: 3 }, 'let a = [1, 2]; a += 3;', 'let a = [1, 2]; a += 3; a += 4;'],
    [
      'array insert',
      { maxArraySize: 2 },
      'let a = [1]; a.insert(0, 2);',
      'let a = [1]; a.insert(0, 2); a.insert(0, 3);',
    ],
    [
      // A nested push is checked against the nested array, as upstream; the outer array's count follows it.
      'nested arrays',
      { maxArraySize: 4 },
      'let a = [[1]]; a[0].push(2); a.push(3);',
      'let a = [[1]]; a[0].push(2); a.push(3); a.push(4);',
    ],
    [
      'strings in an array',
      { maxStringSize: 4 },
      'let a = ["é"]; a.push("ab");',
      'let a = ["é"]; a.push("ab"); a.push("c");',
    ],
    ['string +=', { maxStringSize: 5 }, 'let s = "ab"; s += "é"; s += "x";', 'let s = "ab"; s += "é"; s += "xy";'],
    [
      'string append',
      { maxStringSize: 3 },
      'let s = "a"; s.append("é");',
      'let s = "a"; s.append("é"); s.push(\'z\');',
    ],
    ['interpolation', { maxStringSize: 4 }, 'let s = "ab"; let t = `${s}é`;', 'let s = "ab"; let t = `${s}é!`;'],
    ['map property', { maxMapSize: 2 }, 'let m = #{a: 1}; m.b = 2;', 'let m = #{a: 1}; m.b = 2; m.c = 3;'],
    ['map +=', { maxMapSize: 2 }, 'let m = #{a: 1}; m += #{b: 2};', 'let m = #{a: 1}; m += #{b: 2, c: 3};'],
    [
      'map in a map',
      { maxMapSize: 3 },
      'let m = #{a: #{}}; m.a.b = 1; m.a.c = 2;',
      'let m = #{a: #{}}; m.a.b = 1; m.a.c = 2; m.a.d = 3;',
    ],
    // Upstream counts a BLOB inside an array as its bytes plus two, inside a map plus one.
    ['BLOB in an array', { maxArraySize: 5 }, 'let a = []; a.push(blob(3));', 'let a = []; a.push(blob(4));'],
    ['BLOB in a map', { maxArraySize: 4 }, 'let m = #{}; m.b = blob(3);', 'let m = #{}; m.b = blob(4);'],
    [
      'BLOB growing inside a map',
      { maxArraySize: 4 },
      'let m = #{b: blob(2)}; m.b.push(1); m.c = 1;',
      'let m = #{b: blob(2)}; m.b.push(1); m.b.push(2); m.c = 1;',
    ],
  ];
  for (const [what, limits, atLimit, beyond] of cases) {
    it(what, () => {
      assert.equal(ending(atLimit, limited(limits)), 'ok', atLimit);
      assert.match(ending(beyond, limited(limits)), /^ErrorDataTooLarge at /, beyond);
    });
  }

  it('reports the string limit before the array limit, as upstream', () => {
    const engine = limited({ maxMapSize: 2, maxStringSize: 3 });
    // The assignment takes the map to 3 entries and its strings to 4 bytes at once.
    assert.throws(() => engine.eval('let m = #{a: "ab", n: #{}}; m.n.z = "cd";'), /Length of string/);
  });
});

describe('size accounting follows every change to a counted value', () => {
  const items = ['1', '"é"', '[1, "ab"]', '#{x: "éé", y: [2]}', 'blob(2)', '[[3], #{z: 4}]'];
  const operations = [
    (item: string) => `a.list.push(${item});`,
    (item: string) => `a.list.insert(0, ${item});`,
    (item: string) => `a.list += ${item};`,
    (item: string) => `a.list.append([${item}, ${item}]);`,
    (item: string) => `if a.list.len() > 0 { a.list[0] = ${item}; }`,
    (item: string) => `a.list.pad(a.list.len() + 2, ${item});`,
    () => 'a.list.pop();',
    () => 'a.list.shift();',
    () => 'a.list.remove(0);',
    () => 'a.list.truncate(2);',
    () => 'a.list.reverse();',
    () => 'if a.list.len() > 1 { a.list.splice(0, 1, [a.list[1]]); }',
    (item: string) => `a.m["k" + a.list.len()] = ${item};`,
    (item: string) => `a.m.p = ${item};`,
    () => 'a.m.remove("p");',
    (item: string) => `a.m.mixin(#{q: ${item}});`,
    (item: string) => `a.m += #{r: ${item}};`,
    () => 'a.s += "xé";',
    () => 'a.s.append("ab");',
    () => 'a.b.push(7);',
    () => 'a.b += blob(2);',
    // Changes made through a loop variable or `this`, which alias elements here.
    () => 'for x in a.list { if type_of(x) == "array" { x.push(5); } }',
    () => 'a.list.for_each(|| if type_of(this) == "map" { this.w = "ü"; });',
    () => 'a.list.map(|| { if type_of(this) == "array" { this.push(6); } 0 });',
    () => 'if a.list.len() > 0 && type_of(a.list[0]) == "array" { a.list[0].push("z"); }',
    // Generated loops assigning elements of a local array.
    (item: string) => `for i in 0..3 { l[i] = ${item}; }`,
    () => 'for i in 0..3 { l[i] += "y"; }',
    () => 'let c = a.list; c.push(1);',
    // An element taken out must no longer count towards its old container, however it changes.
    () => 'let r = a.list.drain(0..1); if r.len() > 0 && type_of(r[0]) == "array" { r[0].retain(0..1); r[0].push(9); }',
    () => 'a.list = [a.list.len()];',
  ];

  it('agrees with counting from scratch after random sequences of changes', () => {
    const random = seededRandom(26);
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
    for (let n = 0; n < 40; n++) {
      const body = Array.from({ length: 12 }, () => pick(operations)(pick(items))).join('\n');
      // Counting starts before the changes, so every one of them must be followed.
      const start =
        'let a = #{ list: [], m: #{}, s: "", b: blob() }; let l = ["", "", ""]; a.set_tag(0); a.list.set_tag(0); l.set_tag(0);';
      const probed = ['a', 'a.list', 'a.m', 'l'];
      const huge = { maxArraySize: 1e9, maxMapSize: 1e9, maxStringSize: 1e9 };
      const values = limited(huge).eval(`${start}\n${body}\n[${probed.join(', ')}]`) as Value[];
      probed.forEach((target, k) => {
        const expected = upstreamSizes(values[k]!);
        for (const dim of ['arrays', 'maps', 'strings'] as const) {
          const at = (limit: number): string => {
            const engine = limited(huge);
            engine.registerFn('tighten', [], () => {
              engine.limits[LIMIT_OF[dim]] = limit;
              return undefined;
            });
            // A tag changes no size, so the check of its receiver reads the kept count.
            return ending(`${start}\n${body}\ntighten();\n${target}.set_tag(1);`, engine);
          };
          const script = `script ${n} (${target}, ${dim} = ${expected[dim]}):\n${body}`;
          assert.equal(at(expected[dim]), 'ok', script);
          // A limit of 0 is no limit.
          if (expected[dim] > 1) assert.match(at(expected[dim] - 1), /^ErrorDataTooLarge/, script);
        }
      });
    }
  });
});

describe('growing a value under size limits', () => {
  it('pushing 8,000 strings reads each element once, not once per push', () => {
    let reads = 0;
    const items = new Proxy<Value[]>([], {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    // The runtime's limits for a 256 MiB brain (main/runtimes/rhai/rhai-limits.ts).
    const engine = limited({ maxStringSize: 2 ** 27, maxArraySize: 2 ** 25, maxMapSize: 2 ** 22 });
    const scope = new Scope().push('items', items);
    engine.eval('for i in 0..8000 { items.push("item number " + i); } items.len()', { scope });
    assert.equal(items.length, 8000);
    assert.ok(reads < 3 * 8000, `${reads} element reads for 8,000 pushes`);
  });
});
