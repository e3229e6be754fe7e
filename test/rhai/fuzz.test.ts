import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type OptimizationLevel } from '../../main/rhai/language/engine.ts';
import { RhaiError } from '../../main/rhai/language/types/errors.ts';
import { debugValue } from '../../main/rhai/language/types/format.ts';
import { Tokenizer } from '../../main/rhai/language/syntax/tokenizer.ts';
import { seededRandom } from './helpers.ts';

const SEEDS = [
  'fn fib(n) { if n < 2 { n } else { fib(n - 1) + fib(n - 2) } } fib(10)',
  'let a = [1, 2, 3]; for (x, i) in a { a[i] = x * 2; } a.map(|v| v + 1)',
  'let m = #{a: 1, b: "x"}; m.c = [1.5, \'c\']; m?.a ?? 0',
  'switch 5 { 1 | 2 => "a", 3..=9 if true => `r ${5}`, _ => () }',
  'let s = "hello"; s[0] = \'H\'; s.sub_string(1, 3) + s.len()',
  'try { throw #{e: 1}; } catch (err) { err.e } let x = 0; while x < 5 { x += 1; if x == 3 { continue; } }',
  'let f = |x| x * 2; let g = f.curry(3); g.call() + call(f, 1) + 0x_ff + 0b11 + 1_000',
  'let i = 0; do { i += 1; } until i > 3; loop { break i; }',
  'const C = 9223372036854775807; C - 1; -C; 1 << 62; 2 ** 62; x[1..3]; "a" in "abc"',
  'let b = blob(3); b[0] = 1; parse_json(`{"k": [1, 2.0, null]}`).k',
];

const ALPHABET = [...'abcxyz019_ (){}[]<>=+-*/%!&|^.,;:?#@$\'"`\\\n\t', 'let ', 'fn ', 'if ', '..', '::', '${', '#{'];

function mutate(src: string, rand: () => number): string {
  let s = src;
  const edits = 1 + Math.floor(rand() * 4);
  for (let k = 0; k < edits; k++) {
    const at = Math.floor(rand() * (s.length + 1));
    const choice = rand();
    if (choice < 0.35) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rand() * 3));
    else if (choice < 0.7) s = s.slice(0, at) + ALPHABET[Math.floor(rand() * ALPHABET.length)] + s.slice(at);
    else {
      const other = SEEDS[Math.floor(rand() * SEEDS.length)]!;
      const from = Math.floor(rand() * other.length);
      s = s.slice(0, at) + other.slice(from, from + 1 + Math.floor(rand() * 20)) + s.slice(at);
    }
  }
  return s;
}

function randomText(rand: () => number): string {
  let s = '';
  const n = Math.floor(rand() * 60);
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(rand() * ALPHABET.length)];
  return s;
}

const VARS = ['a', 'b', 'c', 'm', 's'];
const BINARY = [
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
  '<<',
  '>>',
  '&',
  '|',
  '^',
  '==',
  '!=',
  '<',
  '>',
  '&&',
  '||',
  '??',
  'in',
  '..',
];

/** Random, mostly well-formed programs: these get past the parser and exercise the evaluator. */
function generated(rand: () => number): string {
  const pick = <T>(items: T[]): T => items[Math.floor(rand() * items.length)]!;
  const expr = (d: number): string => {
    if (d <= 0)
      return pick([
        '1',
        '-2',
        '9223372036854775807',
        '0.5',
        '"str"',
        "'c'",
        'true',
        '()',
        ...VARS,
        '[1, 2]',
        '#{x: 1}',
      ]);
    switch (Math.floor(rand() * 12)) {
      case 0:
        return `(${expr(d - 1)} ${pick(BINARY)} ${expr(d - 1)})`;
      case 1:
        return `${pick(['-', '!'])}${expr(d - 1)}`;
      case 2:
        return `[${expr(d - 1)}, ${expr(d - 1)}]`;
      case 3:
        return `#{x: ${expr(d - 1)}}`;
      case 4:
        return `${pick(VARS)}${pick(['.x', '[0]', '?.x', '.len()', '.to_string()', '[1..2]'])}`;
      case 5:
        return `if ${expr(d - 1)} { ${expr(d - 1)} } else { ${expr(d - 1)} }`;
      case 6:
        return `switch ${expr(d - 1)} { 1 => ${expr(d - 1)}, "str" | 'c' => 2, 0..5 => 3, _ => ${expr(d - 1)} }`;
      case 7:
        return `f${Math.floor(rand() * 3)}(${expr(d - 1)})`;
      case 8:
        return `|x| ${expr(d - 1)}`;
      case 9:
        return `${pick(['len', 'type_of', 'abs', 'parse_int', 'to_json', 'keys', 'call'])}(${expr(d - 1)})`;
      case 10:
        return `${expr(d - 1)}[${expr(d - 1)}]`;
      default:
        return `\`t\${${expr(d - 1)}}\``;
    }
  };
  const stmt = (d: number): string => {
    switch (Math.floor(rand() * 9)) {
      case 0:
        return `let ${pick(VARS)} = ${expr(d)};`;
      case 1:
        return `${pick(VARS)} ${pick(['=', '+=', '-=', '*=', '??='])} ${expr(d)};`;
      case 2:
        return `${pick(VARS)}${pick(['[0]', '.x', '[-1]'])} = ${expr(d)};`;
      case 3:
        return `for ${pick(['i', '(i, j)'])} in ${expr(d)} { ${stmt(d - 1)} }`;
      case 4:
        return `while ${expr(d)} { ${stmt(d - 1)} break; }`;
      case 5:
        return `try { ${stmt(d - 1)} } catch (e) { ${stmt(d - 1)} }`;
      case 6:
        return `${pick(VARS)}.${pick(['push', 'pop', 'insert', 'append', 'pad', 'sort'])}(${expr(d)});`;
      case 7:
        return `throw ${expr(d)};`;
      default:
        return `${expr(d)};`;
    }
  };
  const prelude =
    'fn f0(x) { x } fn f1(x) { f1(x) } fn f2(x) { this }\nlet a = 1; let b = [1, 2]; let c = "abc"; let m = #{x: 1}; let s = 0.5;\n';
  return prelude + Array.from({ length: 1 + Math.floor(rand() * 5) }, () => stmt(3)).join('\n');
}

/**
 * A pure closure over method-bearing captures, called through a random call form in a random loop
 * shape. The program evaluates to `[v, r]`: one call's value, and the values of `iterations` more
 * calls, which must all equal it. Errors and type mix-ups in any call form, in any position of a
 * loop, show up as a mismatch.
 */
function closureCallProgram(rand: () => number): { src: string; iterations: number } {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const term = (): string =>
    pick(['a.len()', 's.len()', 'm.keys().len()', 'm.y.len()', 's.to_upper().len()', 'a[1]', 'k', 'a.index_of(3)']);
  const body = Array.from({ length: 1 + Math.floor(rand() * 3) }, term).join(' + ');
  const withParam = rand() < 0.3;
  const closure = withParam ? `|p| p + ${body}` : `|| ${body}`;
  const args = withParam ? ['1'] : [];
  const form = (): string => {
    const list = args.join(', ');
    return pick([`f.call(${list})`, `call(${['f', ...args].join(', ')})`, `f(${list})`]);
  };
  const iterations = 1 + Math.floor(rand() * 4);
  const defineInLoop = rand() < 0.3;
  const define = `let f = ${closure};`;
  let step = `${defineInLoop ? define : ''} r.push(${form()});`;
  step = pick([step, `if true { ${step} }`, `switch 0 { 0 => { ${step} } _ => {} }`, `{ ${step} }`]);
  const loop = pick([
    `for i in 0..${iterations} { ${step} }`,
    `for x in [${Array(iterations).fill('0').join(', ')}] { ${step} }`,
    `let j = 0; while j < ${iterations} { ${step} j += 1; }`,
    `let j = 0; do { ${step} j += 1; } while j < ${iterations};`,
    `let j = 0; loop { if j >= ${iterations} { break; } ${step} j += 1; }`,
    `for i in 0..${iterations} { for q in 0..1 { ${step} } }`,
  ]);
  const program = `let a = [1, 2, 3]; let s = "abc"; let m = #{x: 1, y: [2]}; let k = 4;
    ${define} let v = ${form()}; let r = []; ${loop} [v, r]`;
  // Function bodies get their own frames, with their own slots for the same shapes.
  return { src: rand() < 0.3 ? `fn run() { ${program} } run()` : program, iterations };
}

describe('fuzz', () => {
  it('never throws a non-Rhai error or hangs', () => {
    const engine = new Engine();
    engine.limits.maxOperations = 2_000;
    engine.limits.maxCallLevels = 16;
    engine.limits.maxStringSize = 10_000;
    engine.limits.maxArraySize = 10_000;
    engine.limits.maxMapSize = 10_000;
    const rand = seededRandom(20261129);
    // A fixed, seeded number of programs: the same inputs on a loaded machine as on a quiet one.
    for (let i = 0; i < 400; i++) {
      const choice = rand();
      const src =
        choice < 0.2 ? randomText(rand) : choice < 0.6 ? generated(rand) : mutate(SEEDS[i % SEEDS.length]!, rand);
      Tokenizer.tokenize(src);
      engine.check(src);
      try {
        engine.eval(src, { hooks: { print: () => undefined } });
      } catch (e) {
        if (!(e instanceof RhaiError) || e.kind === 'ErrorSystem') {
          assert.fail(`non-Rhai failure for ${JSON.stringify(src)}: ${String(e)}`);
        }
      }
    }
  });

  it('calls capturing closures alike in every call form and loop shape', () => {
    const rand = seededRandom(20260305);
    for (let n = 0; n < 300; n++) {
      const { src, iterations } = closureCallProgram(rand);
      const results = (['none', 'simple'] as OptimizationLevel[]).map((level) => {
        const engine = new Engine();
        engine.optimizationLevel = level;
        return debugValue(engine.eval(src));
      });
      const [closures, generated] = results as [string, string];
      assert.equal(generated, closures, `optimization levels differ for ${src}`);
      const v = /^\[(\d+), \[/.exec(closures)?.[1];
      assert.ok(v !== undefined, `unexpected result ${closures} for ${src}`);
      assert.equal(closures, `[${v}, [${Array(iterations).fill(v).join(', ')}]]`, src);
    }
  });
});
