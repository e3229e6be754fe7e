// Code without a file (Rhai `eval` text) as DAP sources: each distinct text gets a
// `sourceReference`, which a client passes back in a `source` request to show it read-only.

import { Source } from '@vscode/debugadapter';

/** A text's reference stays the same for the session, so a client's open tab stays valid. */
export class DapTextSources {
  readonly #references = new Map<string, number>();
  readonly #texts: string[] = [];

  /** The DAP source of a frame: its file, or its text by reference. */
  source(name: string, path: string, text: string | undefined): Source {
    if (text === undefined) return new Source(name, path);
    let reference = this.#references.get(text);
    if (reference === undefined) {
      this.#texts.push(text);
      reference = this.#texts.length;
      this.#references.set(text, reference);
    }
    // No path: clients then ask for the content with a `source` request.
    return new Source(path, undefined, reference, 'eval');
  }

  /** The text behind a reference; throws a one-line error for one this session never gave. */
  text(reference: number | undefined): string {
    const text = reference === undefined ? undefined : this.#texts[reference - 1];
    if (text === undefined) throw new Error(`no source with reference ${String(reference)} in this session`);
    return text;
  }
}
