// Host-side values the debugger shows beside the engine's (the agent's memory, its inbox, a held
// call's arguments) as DAP variables: JSON, with lazily read children behind references that
// are distinct from the engine's and forgotten when the agent goes on.

import type { VariableInfo } from '../runtimes/debug/debug-protocol.ts';

/** Above every reference an engine hands out (they count up from 1 within one stop). */
export const HOST_REFERENCE_BASE = 1_000_000_000;

const PREVIEW_CHARS = 120;

export class JsonVariables {
  #values = new Map<number, unknown>();
  #next = HOST_REFERENCE_BASE;

  owns(reference: number): boolean {
    return reference >= HOST_REFERENCE_BASE;
  }

  /** A reference whose children are `value`'s entries. */
  reference(value: unknown): number {
    const reference = this.#next++;
    this.#values.set(reference, value);
    return reference;
  }

  variable(name: string, value: unknown): VariableInfo {
    const structured = value !== null && typeof value === 'object';
    const count = structured ? Object.keys(value).length : 0;
    return {
      name,
      value: preview(value),
      type: Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value,
      variablesReference: structured && count > 0 ? this.reference(value) : 0,
      ...(Array.isArray(value) ? { indexedVariables: value.length } : structured ? { namedVariables: count } : {}),
    };
  }

  /** What a reference was made for. */
  childrenSource(reference: number): unknown {
    return this.#values.get(reference);
  }

  children(reference: number, start = 0, count?: number): VariableInfo[] {
    const value = this.#values.get(reference);
    if (value === undefined) throw new Error('that value is gone: the agent went on since it was read');
    const entries = Object.entries(value as object);
    const page = count === undefined ? entries.slice(start) : entries.slice(start, start + count);
    return page.map(([key, child]) => this.variable(key, child));
  }

  clear(): void {
    this.#values.clear();
    this.#next = HOST_REFERENCE_BASE;
  }
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** A memory value as the debugger shows it: its JSON when it holds JSON, else the string. */
export function memoryValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What an edit in the Memory scope stores: a JSON string literal stores its content, anything
 * else is stored as typed (so `{"n": 1}` stores that JSON, which `memory-get-as` reads back).
 */
export function memoryText(edited: string): string {
  const trimmed = edited.trim();
  if (trimmed.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Not a JSON string literal: stored as typed.
    }
  }
  return edited;
}
