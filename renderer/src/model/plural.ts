import { nounFor } from '../../../contract/counted.ts';

/** `1 agent`, `2 agents`, `1,200 events`: as the CLI counts, with the digits grouped for reading. */
export const counted = (count: number, word: string, plural?: string): string =>
  `${count.toLocaleString('en')} ${nounFor(count, word, plural)}`;
