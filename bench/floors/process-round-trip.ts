import { spawn } from 'node:child_process';

// The floor of a call answered by the host: one message to a child process and back, with the
// same serialization the agent channel uses.
const CHILD = `process.on('message', (m) => process.send(m));`;

/** Microseconds per round trip (the median of `rounds`); with `idleMs`, both sides sleep that long before each one. */
export async function processRoundTrip(rounds: number, idleMs = 0): Promise<number> {
  const child = spawn(process.execPath, ['-e', CHILD], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  await new Promise<void>((resolve) => child.once('spawn', () => resolve()));
  const message = { t: 'reply', id: 1, ok: true, value: 'value' };
  const once = () =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(message);
    });
  for (let i = 0; i < 200; i++) await once();
  try {
    if (idleMs === 0) {
      const started = performance.now();
      for (let i = 0; i < rounds; i++) await once();
      return ((performance.now() - started) * 1000) / rounds;
    }
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      const started = performance.now();
      await once();
      times.push((performance.now() - started) * 1000);
    }
    times.sort((a, b) => a - b);
    return times[times.length >> 1]!;
  } finally {
    child.kill();
  }
}
