/** A mistake in the command line: reported in one line with exit code 2, without a stack trace. */
export class UsageError extends Error {}
