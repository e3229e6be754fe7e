// Compiles branching and looping: if, switch, while/loop, do, and for over ranges, arrays and
// iterators. Loops consume break/continue signals; a return signal passes through.

import type { Node } from '../ast/ast.ts';
import { someNode } from '../ast/walk.ts';
import { generateLoop, isGeneratedLoop, isRangeLoop, type ForFallback } from '../codegen/loops.ts';
import { boolCondition, tick, writeDecl, type CompileContext } from './compile-context.ts';
import { Signal, type Compiled, type Frame } from '../func/functions.ts';
import { iteratorOf } from './iteration.ts';
import { statementWeight, weightOf } from './op-weight.ts';
import { switchKey } from '../syntax/parser.ts';
import type { Runtime } from './runtime.ts';
import { RFloat, RRange, SharedCell, type Value } from '../types/values.ts';

export function compileIf(cx: CompileContext, node: Node & { k: 'if' }): Compiled {
  const cond = cx.compile(node.cond);
  const then = cx.compile(node.then);
  const otherwise = node.else ? cx.compile(node.else) : undefined;
  const pos = node.cond.pos;
  return (f) => {
    const c = cond(f);
    if (c === true) return then(f);
    if (c !== false) boolCondition(c, pos);
    return otherwise ? otherwise(f) : undefined;
  };
}

export function compileSwitch(cx: CompileContext, node: Node & { k: 'switch' }): Compiled {
  const subject = cx.compile(node.subject);
  const cases = new Map<unknown, { cond?: Compiled; body: Compiled }[]>();
  for (const [k, arms] of node.cases) {
    cases.set(
      k,
      arms.map((a) => ({ cond: a.condition ? cx.compile(a.condition) : undefined, body: cx.compile(a.body) })),
    );
  }
  const ranges = node.ranges.map((r) => ({
    range: new RRange(r.start as number, r.end as number, r.inclusive),
    cond: r.condition ? cx.compile(r.condition) : undefined,
    body: cx.compile(r.body),
  }));
  const dflt = node.default ? cx.compile(node.default) : undefined;
  const pos = node.pos;
  return (f) => {
    const v = subject(f);
    const arms = cases.get(switchKey(v));
    if (arms) {
      for (const arm of arms) {
        if (!arm.cond || boolCondition(arm.cond(f), pos)) return arm.body(f);
      }
    }
    // As upstream, a FLOAT falls in an INT range case by value (`1.5` in `0..2`).
    const n = v instanceof RFloat ? v.v : v;
    if (ranges.length > 0 && (typeof n === 'number' || typeof n === 'bigint')) {
      for (const r of ranges) {
        const { start, end, inclusive } = r.range;
        if (n >= start && (inclusive ? n <= end : n < end) && (!r.cond || boolCondition(r.cond(f), pos))) {
          return r.body(f);
        }
      }
    }
    return dflt ? dflt(f) : undefined;
  };
}

/**
 * A generated loop, which a debugger that needs the loop's statements (a breakpoint inside it, a
 * step under way; see RunHooks.needsStatements) runs through its closures instead. Loops
 * that need none run generated, without statement hooks: a debugger costs them nothing.
 */
function debuggable(node: Node, generated: Compiled, closures: () => Compiled): Compiled {
  const firstLine = node.pos.line;
  let lastLine = firstLine;
  someNode(node, (n) => {
    lastLine = Math.max(lastLine, n.pos.line);
    return false;
  });
  let closure: Compiled | undefined;
  return (f) => {
    const rt = f.rt as Runtime;
    if (!rt.statementsLive()) return generated(f);
    if (rt.needsStatements(firstLine, lastLine)) return (closure ??= closures())(f);
    return rt.runQuietly(generated, f, firstLine, lastLine);
  };
}

export function compileWhile(cx: CompileContext, node: Node & { k: 'while' }): Compiled {
  const generated = cx.generateCode ? generateLoop(cx, node) : undefined;
  if (generated) return debuggable(node, generated, () => closureWhile(cx, node));
  return closureWhile(cx, node);
}

function closureWhile(cx: CompileContext, node: Node & { k: 'while' }): Compiled {
  const cond = node.cond ? cx.compile(node.cond) : undefined;
  const body = cx.compile(node.body);
  const pos = node.pos;
  const condPos = node.cond?.pos ?? pos;
  const w = 1 + weightOf(node.cond);
  return (f) => {
    const rt = f.rt;
    for (;;) {
      if ((rt.ops += w) >= rt.checkpoint) tick(f, pos);
      if (cond) {
        const c = cond(f);
        if (c !== true) {
          if (c === false) return undefined;
          boolCondition(c, condPos);
        }
      }
      body(f);
      if (f.signal !== Signal.None) {
        const brk = loopSignal(f);
        if (brk !== undefined) return brk.value;
      }
    }
  };
}

export function compileDo(cx: CompileContext, node: Node & { k: 'do' }): Compiled {
  const generated = cx.generateCode ? generateLoop(cx, node) : undefined;
  if (generated) return debuggable(node, generated, () => closureDo(cx, node));
  return closureDo(cx, node);
}

function closureDo(cx: CompileContext, node: Node & { k: 'do' }): Compiled {
  const cond = cx.compile(node.cond);
  const body = cx.compile(node.body);
  const { pos, until } = node;
  const w = 1 + weightOf(node.cond);
  return (f) => {
    const rt = f.rt;
    for (;;) {
      if ((rt.ops += w) >= rt.checkpoint) tick(f, pos);
      body(f);
      if (f.signal !== Signal.None) {
        const brk = loopSignal(f);
        if (brk !== undefined) return brk.value;
      }
      if (boolCondition(cond(f), node.cond.pos) === until) return undefined;
    }
  };
}

export function compileFor(cx: CompileContext, node: Node & { k: 'for' }): Compiled {
  if (cx.generateCode && isGeneratedLoop(node)) {
    const generated = generateLoop(cx, node, forFallback(cx, node));
    if (generated) return debuggable(node, generated, () => closureFor(cx, node));
  }
  return closureFor(cx, node);
}

function closureFor(cx: CompileContext, node: Node & { k: 'for' }): Compiled {
  const body = cx.compile(node.body);
  const loop = genericFor(node, body);
  const iterNode = node.iter;
  if (isRangeLoop(node) && !node.counter) {
    return rangeFor(cx, node, iterNode as Node & { k: 'bin' }, body, loop);
  }
  const iter = cx.compile(iterNode);
  return (f) => loop(f, iter(f));
}

/** Numeric ranges iterate without allocating a range object or an iterator. */
function rangeFor(
  cx: CompileContext,
  node: Node & { k: 'for' },
  iterNode: Node & { k: 'bin' },
  body: Compiled,
  loop: GenericLoop,
): Compiled {
  const from = cx.compile(iterNode.l);
  const to = cx.compile(iterNode.r);
  const inclusive = iterNode.op === '..=';
  const bindItem = writeDecl(node.item);
  const itemSlot = node.item.captured ? -1 : node.item.slot;
  const captured = node.item.captured;
  // A one-statement body runs directly; its weight joins the loop's per-iteration count and
  // the debugger hook reports the statement's position.
  const single = node.body.k === 'block' && node.body.body.length === 1 ? node.body.body[0]! : undefined;
  const step = single ? cx.compile(single) : body;
  const stepWeight = 1 + (single ? statementWeight(single) : 0);
  const stepPos = single ? single.pos : node.pos;
  return (f) => {
    const a = from(f);
    const b = to(f);
    if (typeof a !== 'number' || typeof b !== 'number') return loop(f, rangeSource(f, a, b, iterNode));
    const end = inclusive ? b : b - 1;
    const rt = f.rt;
    const vars = f.vars;
    if (captured) vars[node.item.slot] = new SharedCell(undefined);
    for (let i = a; i <= end; i++) {
      if ((rt.ops += stepWeight) >= rt.checkpoint) tick(f, stepPos);
      if (itemSlot >= 0) vars[itemSlot] = i;
      else bindItem(f, i);
      step(f);
      if (f.signal !== Signal.None) {
        const brk = loopSignal(f);
        if (brk !== undefined) return brk.value;
      }
    }
    return undefined;
  };
}

/** The closure path of a generated `for` loop (see ForFallback), compiled when first needed. */
function forFallback(cx: CompileContext, node: Node & { k: 'for' }): ForFallback {
  let loop: GenericLoop | undefined;
  const range = isRangeLoop(node) ? (node.iter as Node & { k: 'bin' }) : undefined;
  return (f, ...values) => {
    loop ??= genericFor(node, cx.compile(node.body));
    return loop(f, range ? rangeSource(f, values[0], values[1], range) : values[0]);
  };
}

/** What `a..b` evaluates to when a loop's bounds are not plain numbers. */
function rangeSource(f: Frame, a: Value, b: Value, iterNode: Node & { k: 'bin' }): Value {
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    return new RRange(a, b, iterNode.op === '..=');
  }
  return (f.rt as Runtime).callOperator(iterNode.op, [a, b], iterNode.pos);
}

type GenericLoop = (f: Frame, source: Value) => Value;

function genericFor(node: Node & { k: 'for' }, body: Compiled): GenericLoop {
  // Upstream keeps one loop variable per loop run, so closures capturing it share its last value.
  const bindItem = writeDecl(node.item);
  const bindCounter = node.counter ? writeDecl(node.counter) : undefined;
  const shared = [node.item, node.counter].filter((d) => d?.captured).map((d) => d!.slot);
  const pos = node.pos;
  return (f, source) => {
    const rt = f.rt;
    let counter = 0;
    for (const slot of shared) f.vars[slot] = new SharedCell(undefined);
    if (Array.isArray(source) && !bindCounter) {
      const items = source.slice();
      for (let i = 0; i < items.length; i++) {
        if (++rt.ops >= rt.checkpoint) tick(f, pos);
        bindItem(f, items[i]);
        body(f);
        if (f.signal !== Signal.None) {
          const brk = loopSignal(f);
          if (brk !== undefined) return brk.value;
        }
      }
      return undefined;
    }
    const it = iteratorOf(source, pos);
    for (;;) {
      const step = it.next();
      if (step.done) return undefined;
      if (++rt.ops >= rt.checkpoint) tick(f, pos);
      bindItem(f, step.value);
      if (bindCounter) bindCounter(f, counter++);
      body(f);
      if (f.signal !== Signal.None) {
        const brk = loopSignal(f);
        if (brk !== undefined) return brk.value;
      }
    }
  };
}

/** Consumes a loop-level signal: returns the break value holder, or undefined to keep looping. */
function loopSignal(f: Frame): { value: Value } | undefined {
  const s = f.signal;
  if (s === Signal.Continue) {
    f.signal = Signal.None;
    return undefined;
  }
  if (s === Signal.Break) {
    f.signal = Signal.None;
    const value = f.sigVal;
    f.sigVal = undefined;
    return { value };
  }
  return { value: undefined };
}
