// Racing work against an iteration's abort signal: whichever way it ends, the work's own
// failure never becomes an unhandled rejection (which would end the host).

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { raceAbort } from '../../main/backends/abortable.ts';

/** Rejections nobody handled while `run` and the turns after it ran. */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await run();
    await setImmediate();
    await setImmediate();
  } finally {
    process.off('unhandledRejection', listener);
  }
  return unhandled;
}

const failingSoon = () => Promise.reject(new Error('the stream saw the abort too'));

it('rejects with the reason of a signal aborted before the race, and lets the work fail unheard', async () => {
  const signal = AbortSignal.abort(new Error('agent stopped'));
  const unhandled = await unhandledDuring(async () => {
    await assert.rejects(raceAbort(failingSoon(), signal), /agent stopped/);
  });
  assert.deepEqual(unhandled, []);
});

it('rejects with the reason of a signal aborted during the race, and lets the work fail unheard', async () => {
  const controller = new AbortController();
  const unhandled = await unhandledDuring(async () => {
    const work = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('late failure')), 5));
    const raced = raceAbort(work, controller.signal);
    controller.abort(new Error('agent stopped'));
    await assert.rejects(raced, /agent stopped/);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  assert.deepEqual(unhandled, []);
});

it('settles with the work when the signal does not abort', async () => {
  assert.equal(await raceAbort(Promise.resolve(42), new AbortController().signal), 42);
});
