// The known word nearest to a mistyped one, for "did you mean": within two edits (a transposition
// counting as one), or a known word that the typed one starts. Nothing when nothing is near.

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

export function nearest(typed: string, known: readonly string[]): string | undefined {
  const prefixed = known.filter((word) => typed.length >= 2 && word.startsWith(typed));
  if (prefixed.length === 1) return prefixed[0];
  let best: { word: string; distance: number } | undefined;
  for (const word of known) {
    const distance = editDistance(typed, word);
    if (
      word.length > 2 &&
      distance <= Math.min(2, Math.floor(word.length / 2)) &&
      (best === undefined || distance < best.distance)
    ) {
      best = { word, distance };
    }
  }
  return best?.word;
}

/** ` (did you mean X?)`, or nothing. */
export const didYouMean = (typed: string, known: readonly string[]): string => {
  const found = nearest(typed, known);
  return found === undefined ? '' : ` (did you mean ${found}?)`;
};
