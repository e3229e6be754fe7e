import type { GuestErrorClass } from './vm-values.ts';

/**
 * A value the brain passed that the binding cannot use (`<arg> must be a string`, a BigInt, a
 * value nested too deep). The binding rethrows it inside the brain as a `TypeError` (or the
 * `RangeError` it names), which the script may catch.
 */
export class GuestArgumentError extends Error {
  override readonly name = 'GuestArgumentError';

  constructor(
    message: string,
    readonly errorClass: Extract<GuestErrorClass, 'TypeError' | 'RangeError'> = 'TypeError',
  ) {
    super(message);
  }
}
