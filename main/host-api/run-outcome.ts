/**
 * What one iteration of a brain ended with: `runtime.run`'s `ok` value, `none` (completed) or
 * `some(message)` (the brain chose to exit). `failed`, its `err` arm, is the supervisor's
 * IterationResult.
 */
export type RunOutcome = 'completed' | { exited: string };
