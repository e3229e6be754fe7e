/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Never resolves; rejects with the signal's reason when it aborts (a `pending` mock step). */
export const untilAborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/** Settles with `work`, or rejects with the signal's reason if it aborts first. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([work, untilAborted(signal)]);
}
