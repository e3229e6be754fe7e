// The omw:omw WIT source, found by walking up from this module: it sits at `wit/omw.wit` in the
// repository both when this file runs under tsx and when it is bundled into dist/agent.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let source: string | undefined;

export function omwWitSource(): string {
  if (source !== undefined) return source;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'wit', 'omw.wit');
    if (existsSync(candidate)) return (source = readFileSync(candidate, 'utf8'));
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find wit/omw.wit above the wasm runtime');
    dir = parent;
  }
}
