// Brainbench's own span attributes, for what the OpenTelemetry semantic conventions have no name
// for: the omw iteration, the configured back end a call went to, the host op of a plain call.

export const ATTR_BRAINBENCH_ITERATION = 'brainbench.iteration';
/** What started the iteration: run, loop, step, reload or restart. */
export const ATTR_BRAINBENCH_TRIGGER = 'brainbench.trigger';
/** `completed` or `exited` (the brain chose to exit; its message is content, see `--otlp-content`). */
export const ATTR_BRAINBENCH_OUTCOME = 'brainbench.outcome';
export const ATTR_BRAINBENCH_EXIT_MESSAGE = 'brainbench.outcome.message';
/** Time the agent was held at host calls (breakpoints, Pause) during the iteration. */
export const ATTR_BRAINBENCH_HELD_MS = 'brainbench.held_ms';
/** The recording (or the run) stopped before this span's end was seen; it ends at the last known time. */
export const ATTR_BRAINBENCH_INCOMPLETE = 'brainbench.incomplete';
/** `<interface>.<function>` of the host call, e.g. `host.recv`. */
export const ATTR_BRAINBENCH_HOST_OP = 'brainbench.host.op';
/** The configured provider (`[providers.<name>]`) or tool server (`[tooling.<name>]`). */
export const ATTR_BRAINBENCH_PROVIDER = 'brainbench.provider';
export const ATTR_BRAINBENCH_TOOLING = 'brainbench.tooling';
/** The handle a queued call returned (a stream's or a queued tool call's UUID). */
export const ATTR_BRAINBENCH_HANDLE = 'brainbench.handle';
/** How a stream or a queued call closed: ended, cancelled or failed. */
export const ATTR_BRAINBENCH_CLOSE_REASON = 'brainbench.close_reason';
/** The kind of the event a `recv` or `try-recv` returned. */
export const ATTR_BRAINBENCH_EVENT_KIND = 'brainbench.event.kind';
/** Resource: the config file the run loaded. */
export const ATTR_BRAINBENCH_CONFIG_FILE = 'brainbench.config_file';
/** Resource: how the agents were driven (run, loop or a workbench session). */
export const ATTR_BRAINBENCH_MODE = 'brainbench.mode';
