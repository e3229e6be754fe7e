/**
 * A reason `brainbench dap` cannot start that the user can fix (a port in use, a token file
 * others can read): one line on standard error and exit code 1, without a stack trace.
 */
export class DapStartError extends Error {}
