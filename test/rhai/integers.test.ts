import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evalRhai } from '../../main/rhai/conformance.ts';
import { intAdd, intDiv, intMul, intPow, intRem, intSub } from '../../main/rhai/language/types/int.ts';
import { failKind, show } from './helpers.ts';

const MAX = 9223372036854775807n;
const MIN = -9223372036854775808n;

describe('i64 arithmetic', () => {
  it('represents the full i64 range exactly', () => {
    assert.equal(show('9223372036854775807'), String(MAX));
    assert.equal(show('-9223372036854775808'), String(MIN));
    assert.equal(show('9223372036854775807 - 1'), String(MAX - 1n));
    assert.equal(show('9007199254740993 + 0'), '9007199254740993');
    assert.equal(show('9007199254740992 + 1'), '9007199254740993');
    assert.equal(show('3037000499 * 3037000499'), String(3037000499n * 3037000499n));
    assert.equal(show('-9223372036854775807 - 1'), String(MIN));
    const r = evalRhai('4611686018427387904 * 2 - 1 + 4611686018427387904 * 2');
    assert.equal(r.ok, false);
  });

  it('raises ErrorArithmetic on overflow and division by zero', () => {
    for (const src of [
      '9223372036854775807 + 1',
      '-9223372036854775808 - 1',
      '9223372036854775807 * 2',
      '-9223372036854775808 / -1',
      '-9223372036854775808 % -1',
      '1 / 0',
      '1 % 0',
      '2 ** 63',
      '2 ** -1',
      '-(-9223372036854775807 - 1)',
      'abs(-9223372036854775807 - 1)',
      '1 << 64',
      'let x = 9223372036854775807; x += 1;',
    ]) {
      assert.equal(failKind(src), 'ErrorArithmetic', src);
    }
  });

  it('keeps float semantics for floats', () => {
    assert.equal(show('1.0 / 0.0 < 0.0'), 'false');
    assert.equal(show('(0.0 / 0.0).is_nan'), 'true');
    assert.equal(show('to_int(3.9)'), '3');
    assert.equal(show('to_int(-3.9)'), '-3');
    assert.equal(failKind('to_int(1e30)'), 'ErrorArithmetic');
  });

  it('does bitwise operations on 64 bits', () => {
    assert.equal(show('1 << 63'), String(MIN));
    assert.equal(show('-1 >> 60'), '-1');
    assert.equal(show('0x7fffffffffffffff & 0xff'), '255');
    assert.equal(show('0xffffffffffffffff'), '-1');
    assert.equal(show('(1 << 40) | 1'), String((1n << 40n) | 1n));
    assert.equal(show('(1 << 40) ^ (1 << 40)'), '0');
    assert.equal(show('5 << -1'), '2');
    assert.equal(show('to_hex(-1)'), '"ffffffffffffffff"');
    assert.equal(show('to_binary(5)'), '"101"');
  });

  it('agrees with BigInt on random operands', () => {
    let seed = 12345;
    const rnd = (): bigint => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const mag = seed % 4;
      const base = BigInt(seed) * BigInt(seed % 1000) ** BigInt(mag);
      return seed % 2 === 0 ? base : -base;
    };
    const ops: [(a: number | bigint, b: number | bigint) => number | bigint, (a: bigint, b: bigint) => bigint][] = [
      [intAdd, (a, b) => a + b],
      [intSub, (a, b) => a - b],
      [intMul, (a, b) => a * b],
      [intDiv, (a, b) => a / b],
      [intRem, (a, b) => a % b],
    ];
    const norm = (v: bigint): number | bigint => (v >= -(2n ** 53n) + 1n && v <= 2n ** 53n - 1n ? Number(v) : v);
    for (let i = 0; i < 2000; i++) {
      const a = rnd();
      const b = rnd() || 1n;
      for (const [op, ref] of ops) {
        const expected = ref(a, b);
        if (expected > MAX || expected < MIN) {
          assert.throws(() => op(norm(a), norm(b)));
        } else {
          assert.equal(BigInt(op(norm(a), norm(b))), expected, `${a} ${b}`);
        }
      }
    }
    assert.equal(intPow(3, 39), 4052555153018976267n);
  });
});
