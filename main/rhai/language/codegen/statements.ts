// Statements as JavaScript source, for the generated functions of loops (loops.ts) and of
// script function bodies (functions.ts). Each statement mirrors its closure in eval/compiler.ts:
// the same operation counts and ticks at the same positions, the same fast and slow paths, the
// same control-flow signals on the frame. Anything else is the closure compiler's, called from the
// source. Here too: the factory that turns a source into a function, and the helpers it sees.

import { getIndex, getProp, setIndex } from '../eval/access.ts';
import type { Node } from '../ast/ast.ts';
import { ExpressionWriter, callOut } from './expressions.ts';
import { boolCondition, tick, tooManyVariables } from '../eval/compile-context.ts';
import { compoundValue, negate } from '../eval/compile-operators.ts';
import { callMethod, callNativeMethod } from '../eval/compile-calls.ts';
import { Signal, type Compiled } from '../func/functions.ts';
import { statementWeight } from '../eval/op-weight.ts';
import { binaryOp, comparisonOp } from '../eval/operators.ts';
import { floatArithmetic, floatComparison } from '../eval/float-ops.ts';
import { RFloat, SharedCell, cloneValue, type Value } from '../types/values.ts';
import { tagSource } from '../eval/variable-tags.ts';
import { unboundThis } from '../eval/compile-lvalue.ts';
import type { Position } from '../types/errors.ts';
import { guardJumps, hasJumpOperand } from '../eval/jump-operand.ts';

const HELPERS = {
  getIndex,
  getProp,
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
  unboundThis: (pos: Position) => {
    throw unboundThis(pos);
  },
  cell: (v: Value) => new SharedCell(v),
  RFloat,
};

const HELPER_NAMES = Object.keys(HELPERS).join(', ');

/**
 * `s += x` on a string with a string or an INT number, as compoundValue reaches it (through
 * binaryOp's built-in `+`): the text of `x` appended under the string size limit.
 */
const STRING_APPEND = (slot: number, cur: string, rhs: string) =>
  `else if (typeof ${cur} === 'string' && (typeof ${rhs} === 'string' || typeof ${rhs} === 'number')) V[${slot}] = rt.checkedConcat(${cur}, typeof ${rhs} === 'string' ? ${rhs} : String(${rhs}));
`;
const SAFE = String(Number.MAX_SAFE_INTEGER);

/** Where `new Function` is forbidden (a Content-Security-Policy), code stays closures. */
let generationAllowed = true;

export function isGenerationAllowed(): boolean {
  return generationAllowed;
}

/**
 * `body` as the function `name(f)`, with the constants and temporaries `writer` handed out, or
 * undefined when code generation is unavailable.
 */
export function instantiate(name: string, body: string, writer: ExpressionWriter): Compiled | undefined {
  if (!generationAllowed) return undefined;
  const { constants, temporaries } = writer.prologue();
  const source = `"use strict";
const { ${HELPER_NAMES} } = H;
${constants}
return function ${name}(f) {
const V = f.vars;
const rt = f.rt;
${temporaries}
${body}
};`;
  try {
    return factoryFor(source)(writer.consts, HELPERS);
  } catch (e) {
    if (e instanceof EvalError) generationAllowed = false;
    return undefined;
  }
}

type Factory = (consts: unknown[], helpers: typeof HELPERS) => Compiled;

/**
 * Factories by source. Code of the same shape shares one factory, so every function it makes
 * shares V8's type feedback and optimized code: a script compiled again (every `eval` of the same
 * text, a reloaded brain) runs at full speed at once instead of warming up again.
 */
const factories = new Map<string, Factory>();
const MAX_FACTORIES = 512;

function factoryFor(source: string): Factory {
  let factory = factories.get(source);
  if (factory === undefined) {
    factory = new Function('K', 'H', source) as Factory;
    if (factories.size >= MAX_FACTORIES) factories.delete(factories.keys().next().value!);
    factories.set(source, factory);
  }
  return factory;
}

export class StatementWriter extends ExpressionWriter {
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

  /**
   * A statement list as compileStatements runs it, returning the value of its last statement (a
   * function body, a branch of its last `if`). A signal (a `return`) ends it with `undefined`; the
   * caller reads the frame's signal.
   */
  valuedStatements(nodes: Node[]): string {
    if (nodes.length === 0) return 'return undefined;';
    const label = this.label();
    const parts = nodes.map((n, i) => {
      const counted = `if ((rt.ops += ${statementWeight(n)}) >= rt.checkpoint) ${callOut(`tick(f, ${this.constant(n.pos)})`)};`;
      if (i === nodes.length - 1) return `${counted}\n${this.valued(n)}`;
      return `${counted}\n${this.statement(n)}\nif (f.signal !== ${Signal.None}) break ${label};`;
    });
    return `${label}: {\n${parts.join('\n')}\n}\nreturn undefined;`;
  }

  /** One statement, without its operation count, returning its value as its closure does. */
  valued(node: Node): string {
    if (hasJumpOperand(node)) return `return ${this.constant(guardJumps(node, this.cx.compile(node)))}(f);`;
    switch (node.k) {
      case 'block':
        return node.hasEval ? `return ${this.embedded(node)};` : this.valuedStatements(node.body);
      case 'if': {
        // As compileIf: the branch taken gives the value.
        const c = this.temp();
        const pos = this.constant(node.cond.pos);
        return `${c} = ${this.expression(node.cond)};
if (${c} === true) {
${this.valued(node.then)}
}
if (${c} !== false) boolCondition(${c}, ${pos});
${node.else ? this.valued(node.else) : 'return undefined;'}`;
      }
      case 'let':
      case 'assign':
      case 'break':
      case 'continue':
        return `${this.statement(node)}\nreturn undefined;`;
      default:
        return `return ${this.expression(node)};`;
    }
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

  protected ifStatement(node: Node & { k: 'if' }): string {
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
