// What a failed check or run reports: the thrown value as text, and where in the brain it was
// thrown when QuickJS's stack trace says so.

import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { SourcePosition } from '../engine.ts';
import { dumpValue } from './vm-dump.ts';

export type BrainFailure = { ok: false; error: string } & Partial<SourcePosition>;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The innermost `filename:line:column` of the stack that is in the brain itself. */
export function positionInStack(stack: string, filename: string): SourcePosition | undefined {
  const match = new RegExp(`${escapeRegExp(filename)}:(\\d+):(\\d+)`).exec(stack);
  return match ? { line: Number(match[1]), column: Number(match[2]) } : undefined;
}

/** `TypeError: x is not a function` for errors; strings as they are; anything else as JSON. */
export function thrownText(thrown: unknown): string {
  if (typeof thrown === 'string') return thrown;
  if (typeof thrown === 'object' && thrown !== null) {
    const { name, message } = thrown as { name?: unknown; message?: unknown };
    if (typeof message === 'string') return typeof name === 'string' && name !== '' ? `${name}: ${message}` : message;
    return JSON.stringify(thrown);
  }
  return String(thrown);
}

export function brainFailure(ctx: QuickJSContext, thrownHandle: QuickJSHandle, filename: string): BrainFailure {
  const thrown = dumpValue(ctx, thrownHandle);
  const stack = (thrown as { stack?: unknown } | null)?.stack;
  const position = typeof stack === 'string' ? positionInStack(stack, filename) : undefined;
  return { ok: false, error: thrownText(thrown), ...position };
}
