// What may name an agent, provider, tool server or runtime: the config's rule, and the rule for
// every name read from a recording, since both name the same things. omw takes any table key; a
// name here also becomes part of a file name (a brain written by `--to-test`, a branch) and of
// messages, so it may not hold a path separator or a control character, nor be `.` or `..`.
// Anything else, `constructor` and `__proto__` included, is an ordinary name.

/** The sections of a config whose keys are names. */
export const NAMED_SECTIONS = ['agents', 'providers', 'tooling', 'runtime'] as const;
export type NamedSection = (typeof NAMED_SECTIONS)[number];

/** What one of a section's names is, in a message. */
export const NAME_NOUN: Record<NamedSection, string> = {
  agents: 'an agent',
  providers: 'a provider',
  tooling: 'a tool server',
  runtime: 'a runtime',
};

// Control characters would garble a terminal or a log line; the separators make a path.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/;

/** A name as a message quotes it: JSON-quoted (control characters escaped) and cut when long. */
export function quotedName(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
}

/** Why `name` cannot be a name, in a few words; undefined when it can. */
export function nameProblem(name: string): string | undefined {
  if (name === '') return 'it is empty';
  if (name === '.' || name === '..') return 'it names a folder';
  const bad = FORBIDDEN.exec(name)?.[0];
  if (bad === undefined) return undefined;
  return bad === '/' || bad === '\\' ? `it holds "${bad}", a path separator` : 'it holds a control character';
}
