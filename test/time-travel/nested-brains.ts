// Brains with a call stack worth reading, for the tests of a recording's debug session: the main
// script calls `outer`, which holds a nested object local (`box`, with `a.b` a list) and calls
// `inner`. Each reads `n` from host memory and writes back what `outer` returned (n * 2 + 1).

import type { Kind } from './past-fixture.ts';

export const NESTED_BRAINS: Record<Kind, string> = {
  rhai: `fn inner(x) {
    let y = x * 2;
    y + 1
}
fn outer(n) {
    let box = #{ a: #{ b: [n, 2] }, label: "box" };
    let r = inner(n);
    r
}
let n = parse_int(omw::host::memory_get("n"));
let result = outer(n);
omw::host::memory_set("n", \`\${result}\`);
result
`,
  js: `function inner(x) {
  const y = x * 2;
  return y + 1;
}
function outer(n) {
  const box = { a: { b: [n, 2] }, label: 'box' };
  const r = inner(n);
  return r;
}
const n = Number(omw.host.memoryGet('n'));
const result = outer(n);
omw.host.memorySet('n', String(result));
result;
`,
  python: `def inner(x):
    y = x * 2
    return y + 1

def outer(n):
    box = {"a": {"b": [n, 2]}, "label": "box"}
    r = inner(n)
    return r

n = int(omw.host.memory_get("n"))
result = outer(n)
omw.host.memory_set("n", str(result))
result
`,
};

/** Lines in each nested brain: `inner`'s return, `outer`'s call of it, the main script's call of `outer`. */
export const NESTED_LINES = { inner: 3, outerCall: 7, mainCall: 11 };

/** The names a runtime gives the keys of `box` and of `box.a` (Python shows a dict's keys as their repr). */
export const NESTED_KEYS: Record<Kind, { a: string; b: string }> = {
  rhai: { a: 'a', b: 'b' },
  js: { a: 'a', b: 'b' },
  python: { a: "'a'", b: "'b'" },
};

/** `box.a.b[1]` in each brain's language. */
export const NESTED_EXPRESSION: Record<Kind, string> = {
  rhai: 'box.a.b[1]',
  js: 'box.a.b[1]',
  python: 'box["a"]["b"][1]',
};
