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

// Upstream's scripts/primes.rhai: the inner loop is a stepped range.
export const PRIMES = `
const MAX_NUMBER_TO_CHECK = 1_000_000;
let prime_mask = [];
prime_mask.pad(MAX_NUMBER_TO_CHECK + 1, true);
prime_mask[0] = false;
prime_mask[1] = false;
let total_primes_found = 0;
for p in 2..=MAX_NUMBER_TO_CHECK {
    if !prime_mask[p] { continue; }
    total_primes_found += 1;
    for i in range(2 * p, MAX_NUMBER_TO_CHECK + 1, p) {
        prime_mask[i] = false;
    }
}
total_primes_found
`;

// Upstream's scripts/mat_mul.rhai: FLOAT matrices, functions, a global:: constant, properties.
export const FLOAT_MATRIX = `
const SIZE = 60;

fn new_mat(x, y) {
    let row = [];
    row.pad(y, 0.0);
    let matrix = [];
    matrix.pad(x, row);
    matrix
}

fn mat_gen() {
    const n = global::SIZE;
    const tmp = 1.0 / n / n;
    let m = new_mat(n, n);
    for i in 0..n {
        for j in 0..n {
            m[i][j] = tmp * (i - j) * (i + j);
        }
    }
    m
}

fn mat_mul(a, b) {
    let b2 = new_mat(a[0].len, b[0].len);
    for i in 0..a[0].len {
        for j in 0..b[0].len {
            b2[j][i] = b[i][j];
        }
    }
    let c = new_mat(a.len, b[0].len);
    for i in 0..c.len {
        for j in 0..c[i].len {
            c[i][j] = 0.0;
            for z in 0..a[i].len {
                c[i][j] += a[i][z] * b2[j][z];
            }
        }
    }
    c
}

const a = mat_gen();
const b = mat_gen();
const c = mat_mul(a, b);
c[global::SIZE / 2][global::SIZE / 3]
`;

// A stepped FLOAT range calling a function that reads global:: constants at every step.
export const INTEGRAL = `
const STEPS = 200_000;
const SCALE = 4.0;

fn f(x) { global::SCALE / (1.0 + x * x) }

fn integrate(from, to) {
    let h = (to - from) / global::STEPS;
    let sum = 0.0;
    for x in range(from + h / 2.0, to, h) {
        sum += f(x);
    }
    sum * h
}

let pi = integrate(0.0, 1.0);
(pi * 1_000_000.0).round()
`;

export const ARRAY_ITERATION = `
let a = [];
a.pad(1_000_000, 1);
let sum = 0;
for x in a { sum += x; }
sum
`;

// Lines built with `+=` of strings and INTs, kept short: upstream's `s += <INT>` copies the whole
// string each time, so one long string would time native Rhai's copying rather than Brainbench.
export const STRING_BUILDING = `
let lines = [];
for i in 0..2_000 {
    let line = "";
    for j in 0..100 {
        line += "ab";
        line += j;
    }
    lines.push(line);
}
let total = 0;
for l in lines { total += l.len(); }
total
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
