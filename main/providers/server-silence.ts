// `timeout_ms` is a bound on silence: how long the server may send no bytes at all while a request
// waits for them (for the response to start, or for the next chunk of its body). A server that
// drips one byte at a time is slow, not silent, and a body nobody is reading is not waited for.

/** The longest delay setTimeout keeps; a longer one would fire at once. */
export const MAX_TIMER_MS = 0x7fffffff;

/** What a request that met the silence fails with. */
export class ServerSilence extends Error {
  constructor(ms: number) {
    super(`no bytes from the server for ${ms} ms (timeout_ms)`);
  }
}

/** One request's watch: `waiting` bounds each wait for bytes; `onSilence` ends the request. */
export class SilenceWatch {
  constructor(
    private readonly ms: number,
    private readonly onSilence: (error: ServerSilence) => void,
  ) {}

  /** Settles as `work` does; calls `onSilence` if `work` is still pending after the limit. */
  waiting<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    const timer = setTimeout(
      () => {
        // A timer that fires late, because something kept the event loop busy, must not blame the
        // server for bytes that came meanwhile: they are read in this turn of the loop, before this.
        setImmediate(() => settled || this.onSilence(new ServerSilence(this.ms)));
      },
      Math.min(this.ms, MAX_TIMER_MS),
    );
    return work.finally(() => {
      settled = true;
      clearTimeout(timer);
    });
  }
}
