// Loading a large config in each format: about 10 MB of memory seeds beside an agent, written
// once and read from disk by loadConfig on every run. Each figure is the median of three loads.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ConfigFormat } from '../main/config/config-format.ts';
import { loadConfig } from '../main/config/load-config.ts';
import type { BenchRow } from './bench-row.ts';
import { medianOf } from './stats.ts';

const SIZE_MB = 10;
const RUNS = 3;

/** Each format's text before the seeds, one seed (a list holding a table), and the text after. */
const LAYOUTS: Record<ConfigFormat, { head: string; seed: (key: string, index: number) => string; tail: string }> = {
  toml: {
    head: '[agents.alice]\nruntime = "js"\nscript = "alice.js"\n\n[runtime.js]\nkind = "js"\n\n[memory.alice]\n',
    seed: (key) => `${key} = [1, "two", { three = 3 }]\n`,
    tail: '',
  },
  yaml: {
    head: 'agents:\n  alice:\n    runtime: js\n    script: alice.js\nruntime:\n  js:\n    kind: js\nmemory:\n  alice:\n',
    seed: (key) => `    ${key}: [1, two, {three: 3}]\n`,
    tail: '',
  },
  json: {
    head: '{"agents": {"alice": {"runtime": "js", "script": "alice.js"}},\n"runtime": {"js": {"kind": "js"}},\n"memory": {"alice": {\n',
    seed: (key, index) => `${index > 0 ? ',' : ''}"${key}": [1, "two", {"three": 3}]\n`,
    tail: '}}}\n',
  },
};

function largeConfig(format: ConfigFormat): { text: string; seeds: number } {
  const { head, seed, tail } = LAYOUTS[format];
  const parts = [head];
  let length = head.length + tail.length;
  let seeds = 0;
  while (length < SIZE_MB * 1024 * 1024) {
    const line = seed(`seed${seeds}`, seeds);
    parts.push(line);
    length += line.length;
    seeds++;
  }
  parts.push(tail);
  return { text: parts.join(''), seeds };
}

export async function configBenchmarks(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-config-bench-'));
  const rows: BenchRow[] = [];
  for (const format of ['toml', 'yaml', 'json'] as const) {
    const { text, seeds } = largeConfig(format);
    const file = join(dir, `omw.${format}`);
    writeFileSync(file, text);
    const ms = await medianOf(RUNS, () => {
      const started = performance.now();
      loadConfig(file, { env: {} });
      return performance.now() - started;
    });
    rows.push({
      name: `config: load ${SIZE_MB} MB of ${format.toUpperCase()} (${seeds.toLocaleString('en')} seeds)`,
      value: ms,
      unit: 'ms',
    });
  }
  return rows;
}
