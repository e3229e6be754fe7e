// Every problem with a configuration surfaces as a ConfigError, so callers (CLI, workbench UI,
// test harness) can show one kind of message and jump to the offending position.

export interface ConfigErrorDetails {
  file: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  column?: number;
  /** Dotted path of the offending key, e.g. `providers.main.turns[2].content`. */
  keyPath?: string;
  /** What was expected, or the parser's complaint for a syntax error. */
  problem: string;
  /** What was there instead, e.g. `found "abc"` or `missing`. */
  found?: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly keyPath?: string;
  readonly problem: string;
  readonly found?: string;

  constructor(details: ConfigErrorDetails) {
    super(formatConfigErrorMessage(details));
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.keyPath = details.keyPath;
    this.problem = details.problem;
    this.found = details.found;
  }
}

/** `file:line:col: keyPath: problem (found)`, leaving out the parts that are unknown. */
function formatConfigErrorMessage(details: ConfigErrorDetails): string {
  let where = details.file;
  if (details.line !== undefined) {
    where += `:${details.line}`;
    if (details.column !== undefined) where += `:${details.column}`;
  }
  const key = details.keyPath ? `${details.keyPath}: ` : '';
  const found = details.found ? ` (${details.found})` : '';
  return `${where}: ${key}${details.problem}${found}`;
}
