// Calling a closure through a method (`f.call()`) must leave the variable holding it alone, however
// often it is called: the closure body's own method calls once left their receiver behind as the
// "updated receiver" of the `call`, so `f` became the captured array and the next call failed.
// Every script runs with the loop code generator on and off.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type OptimizationLevel } from '../../main/rhai/language/engine.ts';
import type { FnPtr } from '../../main/rhai/language/types/values.ts';
import { show } from './helpers.ts';

const LEVELS: OptimizationLevel[] = ['none', 'simple'];

function at(level: OptimizationLevel): Engine {
  const engine = new Engine();
  engine.optimizationLevel = level;
  // A host native that calls a pointer back (upstream 1.26 refuses `Fn("call")`: a reserved word).
  engine.registerFn('apply', ['Fn'], ([fp], ctx) => ctx.callFnPtr(fp as FnPtr, []));
  return engine;
}

/** Upstream's value for each script, in its debug format (the host native `apply` aside). */
const CASES: Record<string, [string, string]> = {
  'a for loop': ['let a = [1, 2, 3]; let f = || a.len(); let n = 0; for i in 0..3 { n += f.call(); } n', '9'],
  'a loop with break': [
    'let a = [1, 2, 3]; let f = || a.len(); let n = 0; loop { n += f.call(); if n > 5 { break; } } n',
    '6',
  ],
  'a while loop': ['let a = [1, 2, 3]; let f = || a.len(); let n = 0; while n < 7 { n += f.call(); } n', '9'],
  'do-until and do-while loops': [
    `let a = [1, 2, 3]; let f = || a.len(); let n = 0; do { n += f.call(); } until n >= 6;
     let m = 0; do { m += f.call(); } while m < 6; [n, m]`,
    '[6, 6]',
  ],
  'two calls without a loop': [
    'let a = [1, 2, 3]; let f = || a.len(); let n = f.call(); n += f.call(); [n, type_of(f)]',
    '[6, "Fn"]',
  ],
  'nested loops': [
    'let a = [1, 2, 3]; let f = || a.len(); let n = 0; for i in 0..2 { for j in 0..3 { n += f.call(); } } n',
    '18',
  ],
  'a closure defined in the loop body, called twice': [
    'let a = [1, 2, 3]; let n = 0; for i in 0..3 { let g = || a.len() + i; n += g.call(); n += g.call(); } n',
    '24',
  ],
  'several captures': [
    'let a = [1, 2, 3]; let b = "xy"; let c = 10; let f = || a.len() + b.len() + c; let n = 0; for i in 0..3 { n += f.call(); } n',
    '45',
  ],
  'a capture changed in the loop': [
    'let a = []; let f = || a.len(); let n = 0; for i in 0..3 { a.push(i); n += f.call(); } [n, a]',
    '[6, [0, 1, 2]]',
  ],
  'a capture changed by the closure': [
    'let a = []; let f = || { a.push(1); a.len() }; let n = 0; for i in 0..3 { n += f.call(); } [n, a.len()]',
    '[6, 3]',
  ],
  'every call form': [
    `let a = [1, 2, 3]; let f = || a.len(); let n = [0, 0, 0];
     for i in 0..3 { n[0] += f.call(); n[1] += call(f); n[2] += f(); } n`,
    '[9, 9, 9]',
  ],
  'a curried closure': [
    'let a = [1, 2, 3]; let f = |x| a.len() + x; let g = f.curry(1); let n = 0; for i in 0..2 { n += g.call(); } [n, g.call(), f.call(2)]',
    '[8, 4, 5]',
  ],
  'a pointer to a script function': [
    'fn three() { [1, 2, 3].len() } let f = Fn("three"); let n = 0; for i in 0..3 { n += f.call(); } n',
    '9',
  ],
  'a closure returning a string method result': [
    'let s = "abc"; let f = || s.to_upper(); let out = []; for i in 0..2 { out.push(f.call()); } out',
    '["ABC", "ABC"]',
  ],
  'loops in function bodies': [
    `fn total(f) { let n = 0; for i in 0..3 { n += f.call(); } n }
     fn run() { let a = [1, 2]; let f = || a.len(); let n = 0; let i = 0; while i < 3 { n += f.call(); i += 1; } n }
     let a = [1, 2, 3]; [total(|| a.len()), run()]`,
    '[9, 6]',
  ],
  'a loop in a closure calling a captured closure': [
    'let a = [1]; let f = || a.len(); let g = || { let n = 0; for i in 0..3 { n += f.call(); } n }; [g.call(), g.call()]',
    '[3, 3]',
  ],
  'if and switch blocks in the loop': [
    `let a = [1, 2, 3]; let f = || a.len(); let n = 0;
     for i in 0..4 { if i % 2 == 0 { n += f.call(); } else { switch i { 1 => { n += f.call(); } _ => {} } } } n`,
    '9',
  ],
  'a pointer bound as this': [
    'fn twice() { this.call() + this.call() } let a = [1, 2]; let f = || a.len(); let n = 0; for i in 0..2 { n += f.twice(); } n',
    '8',
  ],
  'a closure in a map property': [
    `let a = [1, 2]; let m = #{g: || a.len()}; let n = 0;
     for i in 0..3 { n += m.g.call(); n += m.g(); } [n, type_of(m.g)]`,
    '[12, "Fn"]',
  ],
  'a closure in an array element': [
    'let a = [1, 2]; let fs = [|| a.len()]; let n = 0; for i in 0..3 { n += fs[0].call(); } [n, type_of(fs[0])]',
    '[6, "Fn"]',
  ],
  'a map method that is a native pointer calling the closure back': [
    'let a = [1, 2, 3]; let g = || a.len(); let m = #{f: Fn("apply")}; let n = 0; for i in 0..2 { n += m.f(g); } [n, type_of(m)]',
    '[6, "map"]',
  ],
};

describe('closures called in loops', () => {
  for (const [name, [src, expected]] of Object.entries(CASES)) {
    it(`keep the closure variable: ${name}`, () => {
      for (const level of LEVELS) assert.equal(show(src, at(level)), expected, `${level}: ${src}`);
    });
  }
});
