/** A malformed `[assertions]` entry, `after` gate or pattern; `path` locates it in the config. */
export class AssertionParseError extends Error {
  override readonly name = 'AssertionParseError';

  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}
