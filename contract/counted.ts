/** `1 agent`, `2 agents`, `0 calls`: a count with its noun in the right number. */
export const counted = (count: number, singular: string, plural = `${singular}s`): string =>
  `${count} ${count === 1 ? singular : plural}`;
