/** The noun for a count: `agent` for 1, `agents` (or the given plural) for any other. */
export const nounFor = (count: number, singular: string, plural = `${singular}s`): string =>
  count === 1 ? singular : plural;

/** `1 agent`, `2 agents`, `0 calls`: a count with its noun in the right number. */
export const counted = (count: number, singular: string, plural?: string): string =>
  `${count} ${nounFor(count, singular, plural)}`;
