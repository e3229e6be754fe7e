// An AssertionParseError names where the bad assertion sits as a data path
// (`assertions.alice.events[2].detail`, spelled by main/assertions/data-path.ts); the config knows
// where every key path starts in its files, so the error can name the file, line and column.

import type { AssertionParseError } from '../assertions/assertion-parse-error.ts';
import type { ConfigError } from '../config/config-error.ts';
import type { KeyOrigins } from '../config/config-types.ts';
import type { KeyPath } from '../config/key-path.ts';
import { locatedError } from '../config/located-error.ts';

/** A bare key (after a dot, or first), a list index, or a quoted key. */
const SEGMENT = /^(?:\.?([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** The key path a data path spells; undefined for text that is not one. */
export function dataPathSegments(path: string): KeyPath | undefined {
  const segments: (string | number)[] = [];
  for (let rest = path; rest !== '';) {
    const match = SEGMENT.exec(rest);
    if (!match) return undefined;
    const [whole, bare, index, quoted] = match;
    segments.push(bare ?? (index !== undefined ? Number(index) : (JSON.parse(quoted!) as string)));
    rest = rest.slice(whole.length);
  }
  return segments;
}

/** The error as a ConfigError at the assertion's position (or its nearest located parent). */
export function locateAssertionError(error: AssertionParseError, origins: KeyOrigins): ConfigError {
  const path = dataPathSegments(error.path);
  return path ? locatedError(origins, path, error.problem) : locatedError(origins, [], error.message);
}
