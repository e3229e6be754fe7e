/**
 * A value the brain passed that the binding cannot use (`<arg> must be a string`, ...). The
 * binding rethrows it inside the brain as a `TypeError`, which the script may catch.
 */
export class GuestArgumentError extends Error {
  override readonly name = 'GuestArgumentError';
}
