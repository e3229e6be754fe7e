// What an agent may be called, checked the same way by New agent's field (as the user types) and
// by the host (`createAgent`), so that both say the same thing.

export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Why `name` cannot name a new agent beside `existing`, or undefined when it can. */
export function agentNameProblem(name: string, existing: readonly string[]): string | undefined {
  if (name === '') return 'an agent needs a name';
  if (!NAME_PATTERN.test(name)) {
    return /^[0-9-]/.test(name)
      ? `"${name}" is not a valid agent name: it must start with a letter or _`
      : `"${name}" is not a valid agent name (letters, digits, _ and -)`;
  }
  if (existing.includes(name)) return `an agent named "${name}" already exists`;
  return undefined;
}
