import type { BackendView } from '../../contract/views.ts';

/** How often the back ends' states are compared with what the renderers were last sent. */
const POLL_MS = 500;

/**
 * Back ends change state on their own (an MCP server connects, fails, reconnects, a provider's
 * request fails), with no action of the user's to send a fresh workspace view after. Their views
 * are compared every POLL_MS and `changed` runs when they differ. Returns the function that stops it.
 */
export function followBackendStates(read: () => BackendView[], changed: () => void): () => void {
  let last = JSON.stringify(read());
  const timer = setInterval(() => {
    const now = JSON.stringify(read());
    if (now === last) return;
    last = now;
    changed();
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
