// Compiled brains, keyed by a hash of their source: a loop runs the same brain again and again,
// and a hot reload's check compiles the source the next run needs. Each keeps the heap it took
// to compile, which the memory cap does not count against the brain.

import { createHash } from 'node:crypto';
import type { CompiledScript } from '../../rhai/language/eval/compiler.ts';

/** A brain and the one it replaces are enough to keep; more would only hold on to memory. */
const CAPACITY = 4;

/** Runs a compilation and says how many bytes of heap it left behind. */
export type Measure = (compile: () => CompiledScript) => { value: CompiledScript; bytes: number };

const unmeasured: Measure = (compile) => ({ value: compile(), bytes: 0 });

interface Entry {
  script: CompiledScript;
  bytes: number;
}

export class CompiledScripts {
  readonly #compile: (source: string) => CompiledScript;
  readonly #measure: Measure;
  /** In least-recently-used order. */
  readonly #byHash = new Map<string, Entry>();
  #heldBytes = 0;

  constructor(compile: (source: string) => CompiledScript, measure: Measure = unmeasured) {
    this.#compile = compile;
    this.#measure = measure;
  }

  /** The compiled script; throws what compiling throws (a ParseFailure for a bad brain). */
  get(source: string): CompiledScript {
    const hash = createHash('sha256').update(source).digest('base64');
    const cached = this.#byHash.get(hash);
    if (cached !== undefined) {
      this.#byHash.delete(hash);
      this.#byHash.set(hash, cached);
      return cached.script;
    }
    const { value: script, bytes } = this.#measure(() => this.#compile(source));
    this.#byHash.set(hash, { script, bytes });
    this.#heldBytes += bytes;
    if (this.#byHash.size > CAPACITY) {
      const [oldest, entry] = this.#byHash.entries().next().value!;
      this.#byHash.delete(oldest);
      this.#heldBytes -= entry.bytes;
    }
    return script;
  }

  /** The heap the cached brains took to compile. */
  get heldBytes(): number {
    return this.#heldBytes;
  }

  clear(): void {
    this.#byHash.clear();
    this.#heldBytes = 0;
  }
}
