// The differential corpus: scripts in upstream's style, kept as `.rhai` files in `corpus/`, each
// file holding several scripts, every one opened by a line `// == <name>`. A script can be cut out
// and run by hand with either engine.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface CorpusScript {
  /** `<file>/<name>`. */
  name: string;
  source: string;
}

const CORPUS = join(import.meta.dirname, 'corpus');
const OPENING = /^\/\/ == (.+)$/;

export function splitCorpusFile(file: string, text: string): CorpusScript[] {
  const scripts: CorpusScript[] = [];
  for (const line of text.split('\n')) {
    const opening = OPENING.exec(line);
    if (opening) scripts.push({ name: `${file}/${opening[1]!.trim()}`, source: '' });
    else if (scripts.length > 0) scripts[scripts.length - 1]!.source += `${line}\n`;
    else if (line.trim() !== '') throw new Error(`${file}: text before the first '// == <name>' line`);
  }
  return scripts.map((s) => ({ ...s, source: s.source.trimEnd() + '\n' }));
}

export function loadCorpus(): CorpusScript[] {
  const scripts = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.rhai'))
    .sort()
    .flatMap((f) => splitCorpusFile(f.replace(/\.rhai$/, ''), readFileSync(join(CORPUS, f), 'utf8')));
  const seen = new Set<string>();
  for (const s of scripts) {
    if (seen.has(s.name)) throw new Error(`corpus: two scripts named ${s.name}`);
    seen.add(s.name);
  }
  return scripts;
}
