import type { SilenceWatch } from './server-silence.ts';

/** What both SDKs take as their `fetch` option. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch for one provider request whose every wait for bytes is bounded by `watch`: the wait for
 * the response to start and each read of its body, as the bytes arrive rather than as whole
 * events are parsed. The SDK retries a failed attempt through it again, each attempt watched alike;
 * its own sleeps between attempts are no wait for the server.
 */
export function watchedFetch(watch: SilenceWatch, base: Fetch = globalThis.fetch): Fetch {
  return async (input, init) => {
    const response = await watch.waiting(base(input, init));
    if (!response.body) return response;
    const reader = response.body.getReader();
    // Pulled one chunk ahead of its reader (the default queue of one): the watch runs while the
    // network is waited on, not while the reader is busy with what came.
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await watch.waiting(reader.read());
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
