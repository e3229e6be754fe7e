// Loops (`for` over a range or an array, `while`, `loop`, `do`) become one generated JavaScript
// function each, so V8 optimizes the loop body as straight-line code instead of a chain of
// closure calls per iteration. A nested loop is its own function, called from the outer one:
// small functions reach V8's optimizing tier sooner than one big loop nest, and without
// on-stack replacement. Statements mirror their closures in eval/compiler.ts and
// eval/compile-control.ts: the same operation counts and ticks at the same positions (limits,
// progress and the debugger hook see no difference), the same control-flow signals on the frame,
// the same slow paths.

import { getIndex, setIndex } from '../eval/access.ts';
import { rootOf, someNode } from '../ast/walk.ts';
import type { Node, VarDecl } from '../ast/ast.ts';
import { CALL_OUT, ExpressionWriter, callOut } from './expressions.ts';
import { boolCondition, tick, tooManyVariables, type CompileContext } from '../eval/compile-context.ts';
import { compoundValue, negate } from '../eval/compile-operators.ts';
import { callMethod, callNativeMethod } from '../eval/compile-calls.ts';
import { Signal, type Compiled, type Frame } from '../func/functions.ts';
import { statementWeight, weightOf } from '../eval/op-weight.ts';
import { binaryOp, comparisonOp } from '../eval/operators.ts';
import { floatArithmetic, floatComparison } from '../eval/float-ops.ts';
import { RFloat, SharedCell, cloneValue, type Value } from '../types/values.ts';
import { fnKey } from '../ast/ast.ts';
import { tagSource } from '../eval/variable-tags.ts';
import { guardJumps, hasJumpOperand } from '../eval/jump-operand.ts';

type ForNode = Node & { k: 'for' };

/** A loop's function body: what runs once before the loop (bounds, fallback), and the loop. */
interface LoopParts {
  entry: string;
  loop: string;
}
type WhileNode = Node & { k: 'while' };
type DoNode = Node & { k: 'do' };

/**
 * Runs a `for` loop through the closure path: a range loop whose bounds (`from`, `to`) are not
 * both plain-number INTs, or a loop over something other than an array (`source`).
 */
export type ForFallback = (f: Frame, ...values: Value[]) => Value;

const HELPERS = {
  getIndex,
  setIndex,
  negate,
  binaryOp,
  comparisonOp,
  tick,
  compoundValue,
  cloneValue,
  floatArithmetic,
  floatComparison,
  callMethod,
  callNativeMethod,
  boolCondition,
  tooManyVariables,
  cell: (v: Value) => new SharedCell(v),
  RFloat,
};

const HELPER_NAMES = Object.keys(HELPERS).join(', ');

/**
 * After a loop body, as loopSignal in eval/compile-control.ts: a `continue` goes on (in a `do` loop,
 * to its condition), a `break` ends the loop with its value, a `return` passes on.
 */
const loopSignal = (afterContinue: 'continue;' | '') => `if (f.signal !== ${Signal.None}) {
if (f.signal === ${Signal.Continue}) { f.signal = ${Signal.None}; ${afterContinue} }
else if (f.signal !== ${Signal.Break}) return undefined;
else {
f.signal = ${Signal.None};
const value = f.sigVal;
f.sigVal = undefined;
return value;
}
}`;
const LOOP_SIGNAL = loopSignal('continue;');

/**
 * `s += x` on a string with a string or an INT number, as compoundValue reaches it (through
 * binaryOp's built-in `+`): the text of `x` appended under the string size limit.
 */
const STRING_APPEND = (slot: number, cur: string, rhs: string) =>
  `else if (typeof ${cur} === 'string' && (typeof ${rhs} === 'string' || typeof ${rhs} === 'number')) V[${slot}] = rt.checkedConcat(${cur}, typeof ${rhs} === 'string' ? ${rhs} : String(${rhs}));
`;
const SAFE = String(Number.MAX_SAFE_INTEGER);

const FRAME_SLOT = /\bV\[(\d+)\]/g;

/**
 * A loop that calls nothing opaque (no closure-compiled code, no method call) keeps the frame
 * slots it uses in JavaScript variables, which V8 keeps in machine registers instead of loading
 * and storing the frame array on every use. Around every call out (callOut: a debugger hook, which
 * may show or set variables, or a slow path that may call back into script) the frame is brought
 * up to date and read back, and it is written once more whenever the loop is left, by its end, a
 * `break`, a `return` or an error.
 */
function inRegisters(loop: string): string {
  const slots = [...new Set([...loop.matchAll(FRAME_SLOT)].map((m) => m[1]!))];
  if (slots.length === 0) return loop;
  const store = slots.map((s) => `V[${s}] = R${s}`).join(', ');
  const load = slots.map((s) => `R${s} = V[${s}]`).join(', ');
  const body = loop
    .replace(FRAME_SLOT, 'R$1')
    .replaceAll(CALL_OUT.open, `((${store}), out = `)
    .replaceAll(CALL_OUT.close, `, ${load}, out)`);
  return `let out, ${load};
try {
${body}
} finally {
${store};
}`;
}

/** Where `new Function` is forbidden (a Content-Security-Policy), loops stay closures. */
let generationAllowed = true;

/** A `for` loop the generator takes: no counter variable and no closure capturing its item. */
export function isGeneratedLoop(node: ForNode): boolean {
  return !node.counter && !node.item.captured;
}

export function isRangeLoop(node: ForNode): boolean {
  const { iter } = node;
  return iter.k === 'bin' && (iter.op === '..' || iter.op === '..=');
}

/**
 * `for x in range(from, to, step)` where `range` can only be the standard package's: no script
 * function, no local pointer and no capturing call of that name.
 */
function isSteppedRangeLoop(cx: CompileContext, node: ForNode): boolean {
  const { iter } = node;
  return (
    iter.k === 'call' &&
    iter.name === 'range' &&
    iter.args.length === 3 &&
    !iter.capture &&
    !iter.local &&
    !cx.lib.functions.has(fnKey('range', 3))
  );
}

/** Safe integers whose sums of two stay exact: a stepped loop over them never leaves INT's range. */
const STEPPED_LIMIT = String(2 ** 51);

/**
 * The loop as a generated function, or undefined when code generation is unavailable. A `for`
 * loop needs the closure path for what it does not handle itself (see ForFallback).
 */
export function generateLoop(
  cx: CompileContext,
  node: ForNode | WhileNode | DoNode,
  fallback?: ForFallback,
): Compiled | undefined {
  if (!generationAllowed) return undefined;
  const head = node.k === 'for' ? node.iter : node.cond;
  if (head && hasJumpOperand(head)) return undefined;
  const writer = new LoopWriter(cx);
  const { entry, loop } =
    node.k === 'for'
      ? isRangeLoop(node)
        ? writer.rangeLoop(node, fallback!)
        : isSteppedRangeLoop(cx, node)
          ? writer.steppedLoop(node, fallback!)
          : writer.arrayLoop(node, fallback!)
      : node.k === 'while'
        ? { entry: '', loop: writer.whileLoop(node) }
        : { entry: '', loop: writer.doLoop(node) };
  const { constants, temporaries } = writer.prologue();
  const source = `"use strict";
const { ${HELPER_NAMES} } = H;
${constants}
return function rhaiLoop(f) {
const V = f.vars;
const rt = f.rt;
${temporaries}
${entry}
${writer.opaque ? loop : inRegisters(loop)}
return undefined;
};`;
  try {
    return factoryFor(source)(writer.consts, HELPERS);
  } catch (e) {
    if (e instanceof EvalError) generationAllowed = false;
    return undefined;
  }
}

type LoopFactory = (consts: unknown[], helpers: typeof HELPERS) => Compiled;

/**
 * Factories by source. Loops of the same shape share one factory, so every function it makes
 * shares V8's type feedback and optimized code: a script compiled again (every `eval` of the same
 * text, a reloaded brain) runs at full speed at once instead of warming up again.
 */
const factories = new Map<string, LoopFactory>();
const MAX_FACTORIES = 512;

function factoryFor(source: string): LoopFactory {
  let factory = factories.get(source);
  if (factory === undefined) {
    factory = new Function('K', 'H', source) as LoopFactory;
    if (factories.size >= MAX_FACTORIES) factories.delete(factories.keys().next().value!);
    factories.set(source, factory);
  }
  return factory;
}

class LoopWriter extends ExpressionWriter {
  /**
   * `a[i] = v` on a local array, as compileSetter's fast path and assignNode's size check run it:
   * the value first, then the index; anything but an in-bounds array element takes setIndex.
   */
  private elementAssignment(node: Node & { k: 'assign' }, target: Node & { k: 'index' }): string | undefined {
    const { obj } = target;
    if (target.safe || obj.k !== 'var' || !obj.decl || obj.evalAware) return undefined;
    const { slot, captured, isConst } = obj.decl;
    if (captured || isConst) return undefined;
    const [v, c, i] = [this.temp(), this.temp(), this.temp()];
    return `${v} = ${this.owned(node.value)};
${c} = V[${slot}];
${i} = ${this.expression(target.idx)};
if (Array.isArray(${c}) && typeof ${i} === 'number' && ${i} >= 0 && ${i} < ${c}.length) {
if (rt.sizeLimited) rt.sizes.replaced(${c}, ${c}[${i}], ${v});
${c}[${i}] = ${v};
} else V[${slot}] = ${callOut(`setIndex(rt, ${c}, ${i}, ${v}, ${this.constant(target.pos)})`)};
if (rt.sizeLimited) rt.checkGrowing(V[${slot}], ${this.constant(node.pos)});`;
  }

  /** A statement list as compileStatements runs it; its value is not needed here. */
  statements(nodes: Node[]): string {
    if (nodes.length === 0) return '';
    const label = this.label();
    const parts = nodes.map((n, i) => {
      const counted = `if ((rt.ops += ${statementWeight(n)}) >= rt.checkpoint) ${callOut(`tick(f, ${this.constant(n.pos)})`)};`;
      const leave = i < nodes.length - 1 ? `if (f.signal !== ${Signal.None}) break ${label};` : '';
      return `${counted}\n${this.statement(n)}\n${leave}`;
    });
    return `${label}: {\n${parts.join('\n')}\n}`;
  }

  /** One statement without its operation count (the caller counts it, as the closures do). */
  statement(node: Node): string {
    // A jump operand escapes its statement by an exception only the closure path catches.
    if (hasJumpOperand(node)) {
      this.opaque = true;
      return `${this.constant(guardJumps(node, this.cx.compile(node)))}(f);`;
    }
    switch (node.k) {
      case 'block':
        return node.hasEval ? `${this.embedded(node)};` : this.statements(node.body);
      case 'if':
        return this.ifStatement(node);
      case 'let':
        return this.letStatement(node) ?? `${this.embedded(node)};`;
      case 'assign':
        return this.assignStatement(node) ?? `${this.embedded(node)};`;
      case 'break':
        return `f.sigVal = ${node.value ? this.owned(node.value) : 'undefined'};\nf.signal = ${Signal.Break};`;
      case 'continue':
        return `f.signal = ${Signal.Continue};`;
      default:
        return `${this.expression(node)};`;
    }
  }

  /** The body of the loop's function, mirroring rangeFor in eval/compile-control.ts. */
  rangeLoop(node: ForNode, fallback: ForFallback): LoopParts {
    const iter = node.iter as Node & { k: 'bin' };
    const single = node.body.k === 'block' && node.body.body.length === 1 ? node.body.body[0]! : undefined;
    const stepWeight = 1 + (single ? statementWeight(single) : 0);
    const stepPos = this.constant(single ? single.pos : node.pos);
    const from = this.expression(iter.l);
    const to = this.expression(iter.r);
    // The bounds run before any variable is held in a register.
    this.opaque = false;
    if (!mayChange(node.body, node.item)) this.itemInRegister = node.item;
    const body = this.statement(single ?? node.body);
    const entry = `const from = ${from};
const to = ${to};
if (typeof from !== 'number' || typeof to !== 'number') return ${this.constant(fallback)}(f, from, to);
const end = ${iter.op === '..=' ? 'to' : 'to - 1'};`;
    return {
      entry,
      loop: `for (let i = from; i <= end; i++) {
V[${node.item.slot}] = i;
if ((rt.ops += ${stepWeight}) >= rt.checkpoint) ${callOut(`tick(f, ${stepPos})`)};
${body}
${LOOP_SIGNAL}
}`,
    };
  }

  /**
   * `range(from, to, step)` of three INTs or three FLOATs, stepped here as the standard package's
   * iterator steps (packages/iteration.ts); anything else calls `range` and loops as genericFor
   * does. The arguments are evaluated in the order compileNativeCall evaluates them.
   */
  steppedLoop(node: ForNode, fallback: ForFallback): LoopParts {
    const call = node.iter as Node & { k: 'call' };
    const pos = this.constant(node.pos);
    const [from, to, step] = call.args.map((a) => this.expression(a));
    const variableFirst = call.args[0]!.k === 'var' && call.args[0]!.decl !== undefined;
    const args = variableFirst
      ? `const to = ${to};\nconst step = ${step};\nconst from = ${from};`
      : `const from = ${from};\nconst to = ${to};\nconst step = ${step};`;
    this.opaque = false;
    if (!mayChange(node.body, node.item)) this.itemInRegister = node.item;
    const slot = node.item.slot;
    const lib = this.constant(this.cx.lib);
    const callPos = this.constant(call.pos);
    const ints = ['from', 'to', 'step'].map(
      (v) => `typeof ${v} === 'number' && ${v} < ${STEPPED_LIMIT} && ${v} > -${STEPPED_LIMIT}`,
    );
    const entry = `${args}
let float = false;
if (!(${ints.join(' && ')} && step !== 0)) {
float = from instanceof RFloat && to instanceof RFloat && step instanceof RFloat && from.v + step.v !== from.v;
if (!float) return ${this.constant(fallback)}(f, rt.callFunction(${lib}, 'range', [from, to, step], ${callPos}));
}
const first = float ? from.v : from;
const last = float ? to.v : to;
const by = float ? step.v : step;`;
    const loop = `for (let x = first; by > 0 ? x < last : x > last; x += by) {
if ((rt.ops += 1) >= rt.checkpoint) ${callOut(`tick(f, ${pos})`)};
const i = float ? new RFloat(x) : x;
V[${slot}] = i;
if (f.tags !== undefined) f.tags[${slot}] = undefined;
${this.statement(node.body)}
${LOOP_SIGNAL}
}`;
    return { entry, loop };
  }

  /** Mirrors genericFor over an array: a snapshot of the items, one operation per item. */
  arrayLoop(node: ForNode, fallback: ForFallback): LoopParts {
    const pos = this.constant(node.pos);
    const source = this.expression(node.iter);
    this.opaque = false;
    if (!mayChange(node.body, node.item)) this.itemInRegister = node.item;
    const slot = node.item.slot;
    const entry = `const source = ${source};
if (!Array.isArray(source)) return ${this.constant(fallback)}(f, source);
const items = source.slice();`;
    const loop = `for (let n = 0; n < items.length; n++) {
if ((rt.ops += 1) >= rt.checkpoint) ${callOut(`tick(f, ${pos})`)};
const i = items[n];
V[${slot}] = i;
if (f.tags !== undefined) f.tags[${slot}] = undefined;
${this.statement(node.body)}
${LOOP_SIGNAL}
}`;
    return { entry, loop };
  }

  /** Mirrors compileWhile: `loop` is a `while` without a condition. */
  whileLoop(node: WhileNode): string {
    const weight = 1 + weightOf(node.cond);
    const pos = this.constant(node.pos);
    const condition = node.cond ? this.condition(node.cond, 'if (c === false) return undefined;') : '';
    return `for (;;) {
if ((rt.ops += ${weight}) >= rt.checkpoint) ${callOut(`tick(f, ${pos})`)};
${condition}
${this.statement(node.body)}
${LOOP_SIGNAL}
}`;
  }

  /** Mirrors compileDo: the body runs first, then `while`/`until` decides. */
  doLoop(node: DoNode): string {
    const weight = 1 + weightOf(node.cond);
    const pos = this.constant(node.pos);
    const condPos = this.constant(node.cond.pos);
    return `for (;;) {
if ((rt.ops += ${weight}) >= rt.checkpoint) ${callOut(`tick(f, ${pos})`)};
${this.statement(node.body)}
${loopSignal('')}
if (boolCondition(${this.expression(node.cond)}, ${condPos}) === ${node.until}) return undefined;
}`;
  }

  /** Evaluates a loop condition into `c`: `ifFalse` runs on false, anything but a bool is an error. */
  private condition(cond: Node, ifFalse: string): string {
    return `{
const c = ${this.expression(cond)};
if (c !== true) {
${ifFalse}
boolCondition(c, ${this.constant(cond.pos)});
}
}`;
  }

  private ifStatement(node: Node & { k: 'if' }): string {
    const c = this.temp();
    const pos = this.constant(node.cond.pos);
    const otherwise = node.else ? this.statement(node.else) : '';
    return `${c} = ${this.expression(node.cond)};
if (${c} === true) {
${this.statement(node.then)}
} else {
if (${c} !== false) boolCondition(${c}, ${pos});
${otherwise}
}`;
  }

  private letStatement(node: Node & { k: 'let' }): string | undefined {
    const { decl } = node;
    const globalConst = this.cx.topLevel && node.global;
    if (node.evalAware || globalConst || tagSource(node.init, this.cx.lib) !== undefined) return undefined;
    const v = this.temp();
    const s = decl.slot;
    const bind = decl.captured
      ? `V[${s}] = cell(${v});`
      : `V[${s}] = ${v};\nif (f.tags !== undefined) f.tags[${s}] = undefined;`;
    return `${v} = ${this.owned(node.init)};
if (${decl.live} > rt.engine.limits.maxVariables) throw tooManyVariables(${this.constant(node.pos)});
${bind}`;
  }

  /**
   * Assignments to plain locals and to an element of a local (`a[i] = v`); the others (properties,
   * constants, captured variables, tags) stay closures.
   */
  private assignStatement(node: Node & { k: 'assign' }): string | undefined {
    const { target, op } = node;
    if (target.k === 'index') return op === '=' ? this.elementAssignment(node, target) : undefined;
    if (target.k !== 'var' || !target.decl || target.evalAware) return undefined;
    const { slot, isConst, captured } = target.decl;
    if (isConst || captured) return undefined;
    if (op === '=') {
      if (tagSource(node.value, this.cx.lib) !== undefined) return undefined;
      return `V[${slot}] = ${this.owned(node.value)};\nif (f.tags !== undefined) f.tags[${slot}] = undefined;`;
    }
    if (op !== '+=' && op !== '-=') return undefined;
    const cur = this.temp();
    const rhs = this.temp();
    const s = this.temp();
    const sign = op[0]!;
    return `${cur} = V[${slot}];
${rhs} = ${this.owned(node.value)};
if (typeof ${cur} === 'number' && typeof ${rhs} === 'number' && (${s} = ${cur} ${sign} ${rhs}) <= ${SAFE} && ${s} >= -${SAFE}) V[${slot}] = ${s};
else if ((${s} = floatArithmetic('${sign}', ${cur}, ${rhs})) !== undefined) V[${slot}] = ${s};
${op === '+=' ? STRING_APPEND(slot, cur, rhs) : ''}else V[${slot}] = ${callOut(`compoundValue('${op}', ${cur}, ${rhs}, rt, ${this.constant(node.pos)})`)};`;
  }
}

/**
 * Whether anything in a loop body may change a variable: an assignment or a method call on it, a
 * call given it as an argument (natives take their first argument by reference), a capturing
 * call, or `eval`. Closures cannot: the generator only takes loops whose item none captures.
 */
function mayChange(body: Node, decl: VarDecl): boolean {
  const isDecl = (n: Node): boolean => {
    const root = rootOf(n);
    return root.k === 'var' && root.decl === decl;
  };
  return someNode(body, (n) => {
    switch (n.k) {
      case 'assign':
        return isDecl(n.target);
      case 'method':
        return isDecl(n.obj) || n.args.some(isDecl);
      case 'call':
        return n.capture === true || n.name === 'eval' || n.args.some(isDecl);
      case 'nscall':
        return n.args.some(isDecl);
      default:
        return false;
    }
  });
}
