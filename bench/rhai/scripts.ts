// Benchmark workloads, mirroring the upstream Rhai benchmark scripts.

export const FIB = `
fn fib(n) {
    if n < 2 {
        n
    } else {
        fib(n - 1) + fib(n - 2)
    }
}
let r = 0;
for i in 0..5 { r = fib(28); }
r
`;

export const SIEVE = `
const MAX_NUMBER_TO_CHECK = 1_000_000;
let prime_mask = [];
prime_mask.pad(MAX_NUMBER_TO_CHECK + 1, true);
prime_mask[0] = false;
prime_mask[1] = false;
let total_primes_found = 0;
for p in 2..=MAX_NUMBER_TO_CHECK {
    if !prime_mask[p] { continue; }
    total_primes_found += 1;
    let i = 2 * p;
    while i <= MAX_NUMBER_TO_CHECK {
        prime_mask[i] = false;
        i += p;
    }
}
total_primes_found
`;

export const LOOP = `
let x = 1_000_000;
while x > 0 {
    x -= 1;
}
x
`;

export const STRINGS_AND_MAPS = `
let s = "";
for i in 0..100_000 {
    s += "x" + i;
}
let m = #{};
for i in 0..100_000 {
    m["key" + i] = i;
}
s.len + m.len()
`;

export const PUSHES = `
let a = [];
for i in 0..8000 { a.push("item number " + i); }
a.len()
`;

export const MATRIX = `
const N = 100;
fn make(n, seed) {
    let m = [];
    for i in 0..n {
        let row = [];
        for j in 0..n { row.push((i * n + j + seed) % 7); }
        m.push(row);
    }
    m
}
let a = make(N, 1);
let b = make(N, 2);
let c = [];
for i in 0..N {
    let row = [];
    for j in 0..N {
        let sum = 0;
        for k in 0..N { sum += a[i][k] * b[k][j]; }
        row.push(sum);
    }
    c.push(row);
}
c[N - 1][N - 1]
`;

export const ARRAY_ITERATION = `
let a = [];
a.pad(1_000_000, 1);
let sum = 0;
for x in a { sum += x; }
sum
`;

export const STRING_BUILDING = `
let s = "";
for i in 0..200_000 {
    s += "ab";
    s += i;
    if i % 1000 == 0 { s += "\\n"; }
}
let lines = s.split("\\n");
s.len() + lines.len()
`;

export const MAP_METHODS = `
let counter = #{
    count: 0,
    total: 0,
    step: |x| { this.count += 1; this.total += x; this.total },
    scaled: |x, k| x * k + this.count,
};
let last = 0;
for i in 0..100_000 {
    last = counter.step(i % 10);
    last += counter.scaled(i, 2);
}
counter.count + counter.total + last
`;

/** A ~2,000-line script exercising most syntax, for timing check(). */
export function largeScript(lines = 2000): string {
  const chunk = [
    'fn helper_N(a, b) {',
    '    let total = a + b * 2;',
    '    if total > 10 { total -= 1; } else { total += 1; }',
    '    let list = [1, 2, 3, total];',
    '    let map = #{ name: "item", value: total, nested: #{ x: 1.5 } };',
    '    for (x, i) in list { map.value += x * i; }',
    '    switch total { 0 => "zero", 1 | 2 => "small", 3..10 => "medium", _ => `big ${total}` }',
    '    while total > 0 { total -= 3; if total == 4 { break; } }',
    '    let f = |y| y + total;',
    '    f.call(map.value)',
    '}',
    'let value_N = helper_N(N, 2) + 0x_ff + 0b1010 + 1_000;',
  ];
  const out: string[] = [];
  for (let n = 0; out.length + chunk.length <= lines; n++)
    for (const l of chunk) out.push(l.replaceAll('N', String(n)));
  while (out.length < lines) out.push(`let padding_${out.length} = ${out.length};`);
  return out.join('\n');
}
