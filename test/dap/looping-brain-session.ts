// The brain the past-over-DAP tests share, in Rhai, JS and Python: each iteration counts itself in
// memory and loops once more than the one before, a live logpoint on line 7 saying what it is
// given; the session is stopped in the third iteration (a conditional breakpoint on line 9), so
// iterations 1 and 2 (three turns of the loop) are the past.

import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DebugClient } from '@vscode/debugadapter-testsupport';

const BRAINS = {
  rhai: `let n = omw::host::memory_get("n");
let count = if n == () { 0 } else { parse_int(n) };
count += 1;
omw::host::memory_set("n", \`\${count}\`);
let total = 0;
for i in 0..count {
    total += i * count + 1;
}
total
`,
  js: `const n = omw.host.memoryGet('n');
let count = n === undefined ? 0 : Number(n);
count += 1;
omw.host.memorySet('n', String(count));
let total = 0;
for (let i = 0; i < count; i++) {
  total += i * count + 1;
}
total;
`,
  python: `n = omw.host.memory_get("n")
count = 0 if n is None else int(n)
count += 1
omw.host.memory_set("n", str(count))
total = 0
for i in range(count):
    total += i * count + 1
# the loop ends
total
`,
};

export const BRAIN_KINDS = ['rhai', 'js', 'python'] as const;
export type BrainKind = (typeof BRAIN_KINDS)[number];
const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;

export const brainFile = (kind: BrainKind) => `brain.${EXTENSIONS[kind]}`;

/** The workspace's files: its config and brain. */
export const loopingWorkspace = (kind: BrainKind): Record<string, string> => ({
  'omw.toml': `[runtime.${kind}]\nkind = "${kind}"\n\n[agents.brain]\nruntime = "${kind}"\nscript = "${brainFile(kind)}"\n`,
  [brainFile(kind)]: BRAINS[kind],
});

export interface StoppedSession {
  brain: string;
  /** Every `output` event so far and from now on, trimmed. */
  output: string[];
  /** What the live logpoint said, in order (iteration 1 once, 2 twice, 3 three times). */
  live: string[];
  /** The conditional breakpoint the session stopped at. */
  stop: DebugProtocol.SourceBreakpoint;
}

/** Launches the looping brain with `logpoint` on line 7 and waits for the stop in iteration 3. */
export async function stoppedInThirdIteration(
  client: DebugClient,
  dir: string,
  kind: BrainKind,
  logpoint: DebugProtocol.SourceBreakpoint,
): Promise<StoppedSession> {
  const brain = join(dir, brainFile(kind));
  const output: string[] = [];
  client.on('output', (event: DebugProtocol.OutputEvent) => output.push(event.body.output.trimEnd()));
  const initialized = client.waitForEvent('initialized');
  await client.initializeRequest();
  const launched = client.launch({
    config: join(dir, 'omw.toml'),
    mode: 'loop',
  } as DebugProtocol.LaunchRequestArguments);
  await initialized;
  const stop = { line: 9, condition: kind === 'js' ? 'count === 3' : 'count == 3' };
  await client.setBreakpointsRequest({ source: { path: brain }, breakpoints: [logpoint, stop] });
  const stopped = client.waitForEvent('stopped');
  await client.configurationDoneRequest();
  await launched;
  await stopped;
  const live = output.flatMap((line) => /^\[brain\] info: logpoint: (.*)$/.exec(line)?.[1] ?? []);
  return { brain, output, live, stop };
}
