/**
 * Input the command cannot work with (a path that is not there, a port in use, a config with
 * nothing to run): reported in one line with exit code 1, without a stack trace or the usage.
 */
export class CommandError extends Error {}
