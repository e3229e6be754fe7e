/**
 * The `err(...)` arm of a WIT `result`: a failure the brain is meant to see and may handle.
 * Anything else thrown by a host call is a bug in Brainbench and fails the iteration.
 */
export class HostCallError extends Error {
  override readonly name = 'HostCallError';
}
