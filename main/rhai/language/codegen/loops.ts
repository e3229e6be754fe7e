// Loops (`for` over a range or an array, `while`, `loop`, `do`) become one generated JavaScript
// function each, so V8 optimizes the loop body as straight-line code instead of a chain of
// closure calls per iteration. A nested loop is its own function, called from the outer one:
// small functions reach V8's optimizing tier sooner than one big loop nest, and without
// on-stack replacement. Statements mirror their closures in eval/compiler.ts and
// eval/compile-control.ts: the same operation counts and ticks at the same positions (limits,
// progress and the debugger hook see no difference), the same control-flow signals on the frame,
// the same slow paths.

import { someNode, rootOf } from '../ast/walk.ts';
import { fnKey, type Node, type VarDecl } from '../ast/ast.ts';
import { CALL_OUT, callOut } from './expressions.ts';
import { instantiate, isGenerationAllowed, StatementWriter } from './statements.ts';
import type { CompileContext } from '../eval/compile-context.ts';
import { Signal, type Compiled, type Frame } from '../func/functions.ts';
import { statementWeight, weightOf } from '../eval/op-weight.ts';
import type { Value } from '../types/values.ts';
import { hasJumpOperand } from '../eval/jump-operand.ts';

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
  if (!isGenerationAllowed()) return undefined;
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
  return instantiate('rhaiLoop', `${entry}\n${writer.opaque ? loop : inRegisters(loop)}\nreturn undefined;`, writer);
}

class LoopWriter extends StatementWriter {
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
