/**
 * A value the brain passed that the binding cannot use (`name must be str, not int`). Its name
 * crosses into Python with it, where the binding raises it as a `TypeError` the brain may catch.
 */
export class PythonArgumentError extends Error {
  override readonly name = 'PythonArgumentError';
}
