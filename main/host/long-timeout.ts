/** setTimeout caps delays at 2^31-1 ms; longer timers are re-armed until they are due. */
const MAX_DELAY = 0x7fffffff;

/** Calls `fire` at `dueMs` (epoch ms); returns a function that cancels it. */
export function runAt(dueMs: number, fire: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const remaining = dueMs - Date.now();
    if (remaining <= 0) return fire();
    timer = setTimeout(arm, Math.min(remaining, MAX_DELAY));
  };
  timer = setTimeout(arm, Math.max(0, Math.min(dueMs - Date.now(), MAX_DELAY)));
  return () => clearTimeout(timer);
}
