// `--expect-divergence NAME|GLOB`: the recordings a change is meant to alter. A pattern names a
// recording by its label (`corpus/alice-3.jsonl`), its file name (`alice-3.jsonl`) or that name
// without `.jsonl` (`alice-3`); `*` and `?` match within a path segment, `**` across segments.

import { basename } from 'node:path';
import { globToRegExp } from '../testing/discover-tests.ts';

export class ExpectedDivergences {
  private readonly patterns: { text: string; glob: RegExp; used: boolean }[];

  constructor(patterns: readonly string[]) {
    this.patterns = patterns.map((text) => ({ text, glob: globToRegExp(text), used: false }));
  }

  /** Whether a pattern names the recording labelled `label`. */
  names(label: string): boolean {
    const file = basename(label);
    const stem = file.replace(/\.jsonl$/, '');
    let named = false;
    for (const pattern of this.patterns) {
      if ([label, file, stem].some((name) => name === pattern.text || pattern.glob.test(name))) {
        pattern.used = true;
        named = true;
      }
    }
    return named;
  }

  /** The patterns that named no recording asked about so far. */
  unmatched(): string[] {
    return this.patterns.filter((pattern) => !pattern.used).map((pattern) => pattern.text);
  }
}
