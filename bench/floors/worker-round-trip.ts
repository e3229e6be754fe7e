import { Worker } from 'node:worker_threads';

// The floor of the bridge's hand-off to its engine thread: one postMessage to a worker waiting in
// its event loop, and one back, with nothing else.
const WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => parentPort.postMessage(m));
`;

/** Microseconds per round trip (the median of `rounds`); with `idleMs`, both threads sleep that long before each one. */
export async function workerRoundTrip(rounds: number, idleMs = 0): Promise<number> {
  const worker = new Worker(WORKER, { eval: true });
  const message = { t: 'run', id: 1, script: 'undefined;\n', filename: 'empty.js' };
  const once = () =>
    new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.postMessage(message);
    });
  const times: number[] = [];
  try {
    for (let i = 0; i < 50; i++) await once();
    for (let i = 0; i < rounds; i++) {
      if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
      const started = performance.now();
      await once();
      times.push((performance.now() - started) * 1000);
    }
  } finally {
    await worker.terminate();
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}
