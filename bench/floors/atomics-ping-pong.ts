import { Worker } from 'node:worker_threads';

// The floor of a bridged call answered in the agent process: two threads handing a turn back
// and forth with Atomics.wait/notify and nothing else.
const WORKER = `
const { workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.sab);
for (let i = 0; i < workerData.rounds; i++) {
  while (Atomics.load(flag, 0) !== 1) Atomics.wait(flag, 0, 0);
  Atomics.store(flag, 0, 0);
  Atomics.notify(flag, 0);
}
`;

/** Microseconds per round trip. */
export async function atomicsPingPong(rounds: number): Promise<number> {
  const sab = new SharedArrayBuffer(4);
  const flag = new Int32Array(sab);
  const worker = new Worker(WORKER, { eval: true, workerData: { sab, rounds } });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  for (let i = 0; i < rounds; i++) {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    while (Atomics.load(flag, 0) !== 0) Atomics.wait(flag, 0, 1);
  }
  const elapsed = performance.now() - started;
  await worker.terminate();
  return (elapsed * 1000) / rounds;
}
