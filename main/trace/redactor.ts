// Values the config marks as secret (API keys, auth tokens and headers, secret env values) never
// leave Brainbench in the clear: the trace, and everything made from it (logs, --dump files, the
// workbench's views), shows them as [redacted], wherever they turn up (an SDK error quoting a
// key, a server's stderr, a brain printing its environment).

/** Shorter values would redact ordinary words. */
const SHORTEST_SECRET = 4;
export const REDACTED = '[redacted]';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Redactor {
  readonly #pattern: RegExp | undefined;

  constructor(secrets: Iterable<string>) {
    // Longest first, so a secret that contains another is replaced whole.
    const values = [...new Set(secrets)].filter((s) => s.length >= SHORTEST_SECRET).sort((a, b) => b.length - a.length);
    this.#pattern = values.length > 0 ? new RegExp(values.map(escape).join('|'), 'g') : undefined;
  }

  /** True when there is anything to redact; without secrets every value passes as it is. */
  get active(): boolean {
    return this.#pattern !== undefined;
  }

  text(value: string): string {
    return this.#pattern ? value.replace(this.#pattern, REDACTED) : value;
  }

  /** Every string inside a JSON-like value, keys included; other values are returned as they are. */
  value<T>(value: T): T {
    if (!this.#pattern) return value;
    return this.#walk(value) as T;
  }

  #walk(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.#walk(item));
    if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.#walk(item)]));
    }
    return value;
  }
}
