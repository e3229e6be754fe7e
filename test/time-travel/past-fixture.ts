// Recordings for the tests of time travel over a recording: a real workspace (a Host, a Supervisor
// and real agent processes) whose agent runs a few iterations while a SessionRecorder writes them.

import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SessionRecorder } from '../../main/recording/session-recorder.ts';
import { workspace } from '../supervisor/workspace.ts';

export const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;
export type Kind = keyof typeof EXTENSIONS;

/** Counts in host memory, then sums a loop as long as the count: each iteration takes a host call's answer. */
export const COUNTING_BRAINS: Record<Kind, string> = {
  rhai: `let count = parse_int(omw::host::memory_get("n")) + 1;
omw::host::memory_set("n", \`\${count}\`);
let total = 0;
for i in 0..count {
    total += i;
}
if total > 100 {
    total = 0;
}
total
`,
  js: `const count = Number(omw.host.memoryGet('n')) + 1;
omw.host.memorySet('n', String(count));
let total = 0;
for (let i = 0; i < count; i++) {
  total += i;
}
if (total > 100) {
  total = 0;
}
total;
`,
  python: `count = int(omw.host.memory_get("n")) + 1
omw.host.memory_set("n", str(count))
total = 0
for i in range(count):
    total += i

if total > 100:
    total = 0

total
`,
};

export const countingConfig = (kind: Kind, agent = 'a') =>
  `[runtime.r]\nkind = "${kind}"\n\n[agents.${agent}]\nruntime = "r"\nscript = "brain.${EXTENSIONS[kind]}"\n\n[memory.${agent}]\nn = "0"\n`;

/** A workspace folder with the counting brain, and a recording of `iterations` iterations of it in `file`. */
export async function recordCounting(
  kind: Kind,
  iterations: number,
  file = 'rec.jsonl',
  brain = COUNTING_BRAINS[kind],
): Promise<{ dir: string; recording: string }> {
  const ws = workspace(countingConfig(kind), { [`brain.${EXTENSIONS[kind]}`]: brain });
  const recording = join(ws.dir, file);
  mkdirSync(dirname(recording), { recursive: true });
  const recorder = new SessionRecorder(ws.supervisor, {
    file: recording,
    mode: 'loop',
    configFile: join(ws.dir, 'omw.toml'),
    brainbench: 'test',
  });
  try {
    await ws.supervisor.start();
    for (let i = 0; i < iterations; i++) await ws.supervisor.step('a');
  } finally {
    await ws.supervisor.shutdown();
    recorder.close();
  }
  return { dir: ws.dir, recording };
}
