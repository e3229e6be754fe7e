// Writes Rhai expressions as JavaScript source for generated loops (see loops.ts). Each
// expression the writer knows mirrors its closure in eval/compiler.ts / eval/compile-operators.ts:
// the same evaluation order, the same inline fast paths and the same slow-path calls. Anything else
// is compiled by the closure compiler and called from the source. The source holds only numbers,
// operators from a fixed list and names made here; script values and positions go into `consts`.

import type { Node, VarDecl } from '../ast/ast.ts';
import { isAccess, type CompileContext } from '../eval/compile-context.ts';
import { isPlainMethodName, methodSite, reachesNativeOnly } from '../eval/compile-calls.ts';

/** Arithmetic whose fast path works on two plain-number INTs. */
const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);
const ORDERING = new Set(['<', '<=', '>', '>=']);
const SAFE = String(Number.MAX_SAFE_INTEGER);

/** Brackets a call that may run script code or a debugger hook (see loops.ts, inRegisters). */
export const CALL_OUT = { open: '(/*out*/', close: '/*in*/)' };

export function callOut(call: string): string {
  return `${CALL_OUT.open}${call}${CALL_OUT.close}`;
}

export class ExpressionWriter {
  readonly consts: unknown[] = [];
  private temps = 0;
  private labels = 0;
  /** A variable whose value is always the JavaScript variable `i` (a loop's item, see loop()). */
  protected itemInRegister: VarDecl | undefined;
  /** Set once the source calls code that may look at the frame (see loops.ts, inRegisters). */
  opaque = false;

  constructor(protected readonly cx: CompileContext) {}

  /** A value the source refers to: a constant bound once when the function is created. */
  constant(v: unknown): string {
    this.consts.push(v);
    return `c${this.consts.length - 1}`;
  }

  temp(): string {
    return `t${this.temps++}`;
  }

  label(): string {
    return `L${this.labels++}`;
  }

  /** `let` lines binding the constants and temporaries this writer handed out. */
  prologue(): { constants: string; temporaries: string } {
    const constants = this.consts.map((_, i) => `const c${i} = K[${i}];`).join('\n');
    const names = Array.from({ length: this.temps }, (_, i) => `t${i}`);
    return { constants, temporaries: names.length > 0 ? `let ${names.join(', ')};` : '' };
  }

  /** A node the closure compiler handles, called from the generated source. */
  embedded(node: Node): string {
    this.opaque = true;
    return `${this.constant(this.cx.compile(node))}(f)`;
  }

  expression(node: Node): string {
    switch (node.k) {
      case 'lit':
        return this.literal(node.value);
      case 'var':
        // A captured variable is read by the closure compiler, which checks its cell's lock.
        if (!node.decl || node.evalAware || node.decl.captured) return this.embedded(node);
        if (node.decl === this.itemInRegister) return 'i';
        return `V[${node.decl.slot}]`;
      case 'bin':
        return this.binary(node) ?? this.embedded(node);
      case 'index':
        // A chain a `?.` may end early is the closure compiler's: it catches the escape.
        return node.endsShortChain ? this.embedded(node) : this.index(node);
      case 'unary':
        return this.unary(node) ?? this.embedded(node);
      case 'method':
        return this.method(node) ?? this.embedded(node);
      case 'prop':
        return this.property(node) ?? this.embedded(node);
      case 'this': {
        const t = this.temp();
        return `((${t} = f.thisV) === undefined ? ${callOut(`unboundThis(${this.constant(node.pos)})`)} : ${t})`;
      }
      default:
        return this.embedded(node);
    }
  }

  /** An expression whose value will be stored: accesses are cloned, as compileOwned does. */
  owned(node: Node): string {
    const code = this.expression(node);
    if (!isAccess(node)) return code;
    const t = this.temp();
    return `(${t} = ${code}, typeof ${t} === 'object' ? cloneValue(${t}) : ${t})`;
  }

  private literal(v: unknown): string {
    if (typeof v === 'boolean') return String(v);
    if (v === undefined) return 'undefined';
    if (typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0)) return `(${v})`;
    return this.constant(v);
  }

  private binary(node: Node & { k: 'bin' }): string | undefined {
    const { op } = node;
    if (op === '&&' || op === '||') {
      const pos = this.constant(node.pos);
      const l = this.expression(node.l);
      const r = this.expression(node.r);
      return `(boolCondition(${l}, ${pos}) ${op} boolCondition(${r}, ${pos}))`;
    }
    const known = ARITHMETIC.has(op) || ORDERING.has(op) || op === '==' || op === '!=';
    if (!known) return undefined;
    const a = this.temp();
    const b = this.temp();
    const operands = `${a} = ${this.expression(node.l)}, ${b} = ${this.expression(node.r)}`;
    const pos = this.constant(node.pos);
    const numbers = `typeof ${a} === 'number' && typeof ${b} === 'number'`;
    const s = this.temp();
    // FLOATs take their own path, which calls no script: no call out of the loop's registers.
    const compared = `(${s} = floatComparison('${op}', ${a}, ${b})) !== undefined ? ${s} : ${callOut(`comparisonOp('${op}', ${a}, ${b}, rt, ${pos})`)}`;
    if (ORDERING.has(op)) return `(${operands}, ${numbers} ? ${a} ${op} ${b} : ${compared})`;
    if (op === '==' || op === '!=') {
      const strings = `typeof ${a} === 'string' && typeof ${b} === 'string'`;
      const js = op === '==' ? '===' : '!==';
      return `(${operands}, (${numbers}) || (${strings}) ? ${a} ${js} ${b} : ${compared})`;
    }
    const slow = `(${s} = floatArithmetic('${op}', ${a}, ${b})) !== undefined ? ${s} : ${callOut(`binaryOp('${op}', ${a}, ${b}, rt, ${pos})`)}`;
    switch (op) {
      case '+':
      case '-':
        return `(${operands}, ${numbers} && (${s} = ${a} ${op} ${b}) <= ${SAFE} && ${s} >= -${SAFE} ? ${s} : ${slow})`;
      case '*':
        return `(${operands}, ${numbers} && (${s} = ${a} * ${b}) <= ${SAFE} && ${s} >= -${SAFE} ? (${s} === 0 ? 0 : ${s}) : ${slow})`;
      case '%':
        return `(${operands}, ${numbers} && ${b} !== 0 ? ((${s} = ${a} % ${b}) === 0 ? 0 : ${s}) : ${slow})`;
      default:
        return `(${operands}, ${numbers} && ${b} !== 0 ? ((${s} = (${a} - (${a} % ${b})) / ${b}) === 0 ? 0 : ${s}) : ${slow})`;
    }
  }

  private unary(node: Node & { k: 'unary' }): string | undefined {
    if (node.op !== '!' && node.op !== '-') return undefined;
    const t = this.temp();
    const operand = this.expression(node.e);
    const pos = this.constant(node.pos);
    if (node.op === '!')
      return `(${t} = ${operand}, typeof ${t} === 'boolean' ? !${t} : ${callOut(`rt.callOperator('!', [${t}], ${pos})`)})`;
    return `(${t} = ${operand}, typeof ${t} === 'number' ? (${t} === 0 ? 0 : -${t}) : ${callOut(`negate(${t}, rt, ${pos})`)})`;
  }

  /**
   * `x.name(...)` on a plain local `x`, as compileMethod's variable receiver runs it: the
   * arguments (owned) first, then the receiver, then callMethod; a changed receiver is written
   * back to the variable.
   */
  private method(node: Node & { k: 'method' }): string | undefined {
    const { obj } = node;
    if (node.safe || node.endsShortChain || !isPlainMethodName(node.name)) return undefined;
    if (obj.k !== 'var' || !obj.decl || obj.evalAware || obj.decl.captured) return undefined;
    const { slot, isConst } = obj.decl;
    // A script method it reaches may stop in a debugger that shows this frame.
    this.opaque = true;
    const [recv, r] = [this.temp(), this.temp()];
    const args = node.args.map(() => this.temp());
    const siteValue = methodSite(node.name, node.args.length);
    const [site, lib, pos] = [this.constant(siteValue), this.constant(this.cx.lib), this.constant(node.pos)];
    const values = node.args.map((a, n) => `${args[n]} = ${this.owned(a)}, `).join('');
    const generic = `callMethod(rt, ${lib}, ${site}, ${recv}, [${args.join(', ')}], ${pos}, ${isConst})`;
    // A primitive or array receiver skips callMethod's map and pointer cases when no script
    // function can take the call.
    const call = reachesNativeOnly(this.cx.lib, siteValue)
      ? `(typeof ${recv} !== 'object' || Array.isArray(${recv}) ? callNativeMethod(rt, ${site}, [${[recv, ...args].join(', ')}], ${pos}, ${isConst}) : ${generic})`
      : generic;
    // A receiver is never the loop's item in a register: mayChange sees the call.
    return `(${values}${recv} = V[${slot}], ${r} = ${call},
(rt.thisOut !== ${recv} && (V[${slot}] = rt.thisOut, f.tags !== undefined && (f.tags[${slot}] = undefined))), ${r})`;
  }

  /**
   * `x.name` as the closure compiler reads it: a map's entry at once, anything else (a missing
   * entry, a getter) through getProp. `tag`, `?.` and a chain `?.` may end early stay closures.
   */
  private property(node: Node & { k: 'prop' }): string | undefined {
    if (node.safe || node.endsShortChain || node.name === 'tag') return undefined;
    const [o, v] = [this.temp(), this.temp()];
    const name = this.constant(node.name);
    const pos = this.constant(node.pos);
    return `(${o} = ${this.expression(node.obj)}, ${o} instanceof Map && (${v} = ${o}.get(${name})) !== undefined ? ${v} : ${callOut(`getProp(rt, ${o}, ${name}, ${pos})`)})`;
  }

  private index(node: Node & { k: 'index' }): string {
    const o = this.temp();
    const i = this.temp();
    const obj = this.expression(node.obj);
    const idx = this.expression(node.idx);
    const pos = this.constant(node.pos);
    const read = `Array.isArray(${o}) && typeof ${i} === 'number' && ${i} >= 0 && ${i} < ${o}.length ? ${o}[${i}] : ${callOut(`getIndex(rt, ${o}, ${i}, ${pos})`)}`;
    if (node.safe) return `((${o} = ${obj}) === undefined ? undefined : (${i} = ${idx}, ${read}))`;
    return `(${o} = ${obj}, ${i} = ${idx}, ${read})`;
  }
}
