// Compiled brains, keyed by a hash of their source: a loop runs the same brain again and again,
// and a hot reload's check compiles the source the next run needs.

import { createHash } from 'node:crypto';
import type { CompiledScript } from '../../rhai/language/eval/compiler.ts';

/** A brain and the one it replaces are enough to keep; more would only hold on to memory. */
const CAPACITY = 4;

export class CompiledScripts {
  readonly #compile: (source: string) => CompiledScript;
  /** In least-recently-used order. */
  readonly #byHash = new Map<string, CompiledScript>();

  constructor(compile: (source: string) => CompiledScript) {
    this.#compile = compile;
  }

  /** The compiled script; throws what compiling throws (a ParseFailure for a bad brain). */
  get(source: string): CompiledScript {
    const hash = createHash('sha256').update(source).digest('base64');
    const cached = this.#byHash.get(hash);
    if (cached !== undefined) {
      this.#byHash.delete(hash);
      this.#byHash.set(hash, cached);
      return cached;
    }
    const compiled = this.#compile(source);
    this.#byHash.set(hash, compiled);
    if (this.#byHash.size > CAPACITY) this.#byHash.delete(this.#byHash.keys().next().value!);
    return compiled;
  }

  clear(): void {
    this.#byHash.clear();
  }
}
