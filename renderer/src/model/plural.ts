/** `1 agent`, `2 agents`, `0 agents`; `plural` for words that do not just take an s (`entries`). */
export function counted(count: number, word: string, plural = `${word}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? word : plural}`;
}
