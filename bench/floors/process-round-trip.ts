import { spawn } from 'node:child_process';

// The floor of a call answered by the host: one message to a child process and back, with the
// same serialization the agent channel uses.
const CHILD = `process.on('message', (m) => process.send(m));`;

/** Microseconds per round trip. */
export async function processRoundTrip(rounds: number): Promise<number> {
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
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await once();
  const elapsed = performance.now() - started;
  child.kill();
  return (elapsed * 1000) / rounds;
}
