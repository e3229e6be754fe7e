import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failKind, failure, printed, show } from './helpers.ts';

describe('standard packages', () => {
  it('string functions', () => {
    assert.equal(show('"Hello".len()'), '5');
    assert.equal(show('"Hello".to_upper()'), '"HELLO"');
    assert.equal(show('let s = "  x "; s.trim(); s'), '"x"');
    assert.equal(show('let s = "abc"; s.make_upper(); s'), '"ABC"');
    assert.equal(show('"a,b,c".split(",")'), '["a", "b", "c"]');
    assert.equal(show('"hello".sub_string(1, 3)'), '"ell"');
    assert.equal(show('"hello".sub_string(1..3)'), '"el"');
    assert.equal(show('"hello".index_of(\'l\')'), '2');
    assert.equal(show('"hello".contains("ell")'), 'true');
    assert.equal(show('let s = "hello"; s.replace("l", "L"); s'), '"heLLo"');
    assert.equal(show('let s = "ab"; s.pad(5, \'-\'); s'), '"ab---"');
    assert.equal(show('let s = "abc"; let c = s.pop(); [s, c]'), '["ab", \'c\']');
    assert.equal(show('"abc".to_chars()'), "['a', 'b', 'c']");
    assert.equal(show('let s = "abc"; s.truncate(1); s'), '"a"');
    assert.equal(show('"x".starts_with("x") && "x".ends_with(\'x\')'), 'true');
  });

  it('array functions', () => {
    assert.equal(show('let a = [1, 2, 3]; a.insert(1, 9); a.remove(0); a'), '[9, 2, 3]');
    assert.equal(show('let a = [1, 2, 3]; [a.pop(), a.shift(), a]'), '[3, 1, [2]]');
    assert.equal(show('let a = []; a.pad(3, 0); a'), '[0, 0, 0]');
    assert.equal(show('[1, 2, 3, 4].extract(1, 2)'), '[2, 3]');
    assert.equal(show('let a = [1, 2, 3, 4]; let d = a.drain(|x| x > 2); [a, d]'), '[[1, 2], [3, 4]]');
    assert.equal(show('let a = [1, 1, 2, 2, 1]; a.dedup(); a'), '[1, 2, 1]');
    assert.equal(show('let a = [3, 1, 2]; a.reverse(); a'), '[2, 1, 3]');
    assert.equal(show('[1, 2].contains(2)'), 'true');
    assert.equal(show('[1, 2].is_empty()'), 'false');
    assert.equal(show('let a = [1, 2, 3]; a.truncate(1); a.len'), '1');
    assert.equal(failKind('[1, "a"].sort()'), 'ErrorFunctionNotFound');
  });

  it('zips arrays and pads strings without quadratic work', () => {
    assert.equal(show('[1, 2, 3].zip([10, 20], |a, b| a + b)'), '[11, 22]');
    assert.equal(show('let s = "a"; s.pad(4, "xy"); s'), '"axyx"');
    assert.equal(failKind('let s = ""; s.pad(3000000000, "-");'), 'ErrorDataTooLarge');
  });

  it('appends a container to itself once', () => {
    assert.equal(show('let b = [1, 2]; b.append(if true { b } else { b }); b'), '[1, 2, 1, 2]');
    assert.equal(show('let x = blob(2, 1); x += if true { x } else { x }; x.len()'), '4');
  });

  it('map functions', () => {
    assert.equal(show('#{b: 1, a: 2}.keys()'), '["a", "b"]');
    assert.equal(show('#{b: 1, a: 2}.values()'), '[2, 1]');
    assert.equal(show('let m = #{a: 1}; m.remove("a"); m.len()'), '0');
    assert.equal(show('let m = #{a: 1}; m.mixin(#{b: 2}); m'), '#{"a": 1, "b": 2}');
    assert.equal(show('#{a: 1, b: 2}.filter(|k, v| v > 1)'), '#{"b": 2}');
    assert.equal(show('#{a: 1}.contains("a")'), 'true');
  });

  it('math and conversions', () => {
    assert.equal(show('abs(-5)'), '5');
    assert.equal(show('max(3, 7) + min(3, 7)'), '10');
    assert.equal(show('sqrt(16.0)'), '4.0');
    assert.equal(show('floor(2.7)'), '2.0');
    assert.equal(show('2.5.round()'), '3.0');
    assert.equal(show('to_float(3)'), '3.0');
    assert.equal(show('parse_int("-42")'), '-42');
    assert.equal(show('parse_int("ff", 16)'), '255');
    assert.equal(show('parse_int("z", 36)'), '35');
    assert.equal(failKind('parse_int("12x")'), 'ErrorArithmetic');
    assert.equal(show('parse_float("1.5e3")'), '1500.0');
    assert.equal(show('to_string(42) + to_debug("x")'), '"42\\"x\\""');
    assert.equal(show('is_odd(3)'), 'true');
    assert.equal(show('sign(-3)'), '-1');
    assert.equal(show('type_of(PI())'), '"f64"');
  });

  it('formats floats like upstream for display and debug', () => {
    assert.deepEqual(
      ['1.0', '1e14', '1.5e-7', '2.5e-14'].map((f) => show(`to_string(${f}) + " " + to_debug(${f})`)),
      ['"1.0 1.0"', '"1e14 100000000000000.0"', '"0.00000015 1.5e-7"', '"2.5e-14 2.5e-14"'],
    );
  });

  it('tags values that are objects, and copies tags with them', () => {
    assert.equal(show('let a = [1]; a.tag = 42; let b = a; [a.tag, b.tag, tag(a)]'), '[42, 42, 42]');
    assert.equal(show('let x = 1.5; let y = x; y.tag = 7; [x.tag, y.tag]'), '[0, 7]');
    assert.equal(show('let m = #{}; set_tag(m, 5); tag(m)'), '5');
    assert.equal(show('let n = 42; n.tag'), '0');
  });

  it('tags INT, bool, string and () held in variables, as the book describes', () => {
    assert.equal(show('let x = 42; x.tag = 123; let y = x; [x.tag, x.tag(), tag(x), y.tag]'), '[123, 123, 123, 123]');
    assert.equal(
      show('let s = "a"; set_tag(s, 5); let b = true; b.set_tag(-6); let u = (); u.tag = 7; [s.tag, b.tag, u.tag]'),
      '[5, -6, 7]',
    );
    assert.equal(show('let x = 42; x.tag = 1; x = 43; x.tag'), '0', 'a new value starts untagged');
    assert.equal(show('let x = 42; x.tag = 1; x + 0'), '42', 'the value itself is unchanged');
    assert.equal(show('fn route() { let r = 42; r.tag = 2; r } let v = route(); v.tag'), '2', 'through a tail value');
    assert.equal(show('fn route() { let r = 1; r.tag = 3; return r; } let v = 0; v = route(); v.tag'), '3');
    assert.equal(
      show('fn route(x) { let r = 5; r.tag = 4; switch x { 1 => { return r; } _ => () } 0 } let v = route(1); v.tag'),
      '4',
      'through a return inside a switch arm',
    );
    assert.equal(
      show('fn t(a, b) { [a.tag, b.tag] } let v = "s"; v.tag = 7; let w = true; w.tag = 9; t(v, w)'),
      '[7, 9]',
    );
    assert.equal(show('fn g() { let r = 3; r.tag = 11; r } fn t(x) { x.tag } t(g())'), '11', 'from a call argument');
    assert.equal(
      show('fn t(x) { let f = || x.tag; f.call() } let v = 5; v.tag = 7; t(v)'),
      '7',
      'into a captured parameter',
    );
    assert.equal(show('fn t(x) { x.tag } let v = 5; v.tag = 7; t(v + 0)'), '0', 'a computed argument is a new value');
    assert.equal(
      show('fn t(x) { x.tag = 1; x.tag } let v = 5; v.tag = 7; [t(v), v.tag]'),
      '[1, 7]',
      'arguments are copies',
    );
    assert.equal(show('for i in 0..2 { let y = 5; if i == 0 { y.tag = 1 } else { return y.tag } }'), '0');
    assert.equal(failKind('let x = 42; x.tag = 3000000000;'), 'ErrorArithmetic');
    assert.equal(failKind('let x = 42; x.tag = -2147483649;'), 'ErrorArithmetic');
    assert.equal(failKind('let x = 42; x.tag = "a";'), 'ErrorMismatchDataType');
    assert.equal(failKind('const c = 1; c.tag = 5;'), 'ErrorAssignmentToConstant');
    assert.equal(failKind('const c = 1; c.set_tag(5);'), 'ErrorNonPureMethodCallOnConstant');
  });

  it('type_of for every type', () => {
    const src =
      '[type_of(1), type_of(1.0), type_of(true), type_of("s"), type_of(\'c\'), type_of(()), type_of([]), type_of(#{}), type_of(1..2), type_of(1..=2), type_of(blob()), type_of(timestamp()), type_of(|| 1)]';
    assert.equal(
      show(src),
      '["i64", "f64", "bool", "string", "char", "()", "array", "map", "range", "range=", "blob", "timestamp", "Fn"]',
    );
  });

  it('BLOB functions', () => {
    assert.equal(show('let b = blob(3, 0x41); b.push(0x42); b.len()'), '4');
    assert.equal(show('let b = blob(2, 0x41); b.as_string()'), '"AA"');
    assert.equal(show('let b = blob(); b.push(300); b[0]'), '44');
    assert.equal(show('"hi".to_blob().to_array()'), '[104, 105]');
  });

  it('BLOB binary access', () => {
    const pre = 'let x = blob(16, 0); for n in 0..16 { x[n] = n; } ';
    assert.equal(show(pre + 'parse_le_int(x, 2, 2) + parse_be_int(x, 2..4)'), String(0x0302n + 0x0203000000000000n));
    assert.equal(show(pre + 'write_le(x, 3, 3, -98765432); parse_le_int(x, 3, 3)'), String(0x1cf588));
    assert.equal(show('let x = blob(4, 0); write_utf8(x, 0..4, "héllo"); x.to_array()'), '[104, 195, 169, 108]');
  });

  it('BLOB float access', () => {
    assert.equal(show('let x = blob(8); x.write_le(0, 8, 1.5); x.parse_le_float(0, 8)'), '1.5');
    assert.equal(show('let x = blob(8); x.write_be(0..8, -2.25); x.parse_be_float(0..=7)'), '-2.25');
    assert.equal(show('let x = blob(8); x.write_be(0, 8, 1.0); x.to_array()'), '[63, 240, 0, 0, 0, 0, 0, 0]');
    assert.equal(show('let x = blob(8); x.write_le(0, 8, 1.5); x.parse_be_float(0, 8) == 1.5'), 'false');
    assert.equal(show('let x = blob(4, 9); x.write_le(0, 2, 1.0); x.to_array()'), '[0, 0, 9, 9]');
  });

  it('JSON', () => {
    assert.equal(show('parse_json(`{"a": 1, "b": [1.5, true, null, "x"]}`)'), '#{"a": 1, "b": [1.5, true, (), "x"]}');
    assert.equal(show('#{b: [1, 2.0, ()], a: "x"}.to_json()'), '"{\\"a\\":\\"x\\",\\"b\\":[1,2.0,null]}"');
    assert.equal(failKind('parse_json("{")'), 'ErrorRuntime');
    assert.equal(show('let r; try { parse_json("{") } catch (e) { r = type_of(e) } r'), '"string"');
  });

  it('time', () => {
    assert.equal(show('let t = timestamp(); t.elapsed >= 0.0'), 'true');
    assert.equal(show('let t = timestamp(); (timestamp() - t) >= 0.0'), 'true');
  });

  it('eval sees and updates the caller scope', () => {
    assert.equal(show('let x = 1; eval("x += 41"); x'), '42');
    assert.equal(show('fn f(a) { a * 2 } eval("f(21)")'), '42');
    assert.equal(failure('eval("let")').root().kind, 'ErrorParsing');
  });

  it('debug goes to its own hook', () => {
    assert.deepEqual(printed('debug("x"); print("y")'), ['y']);
  });
});
