// The palette's filter: the query's characters in order, anywhere in the title (as VS Code's
// quick open matches). Runs of adjacent characters and matches at word starts rank higher.

/** A score, higher is better, or undefined when the title does not match. */
export function fuzzyScore(query: string, title: string): number | undefined {
  const q = query.toLowerCase().replace(/\s+/g, '');
  if (q === '') return 0;
  const t = title.toLowerCase();
  let score = 0;
  let at = -1;
  for (const char of q) {
    const found = t.indexOf(char, at + 1);
    if (found < 0) return undefined;
    if (found === at + 1) score += 2;
    if (found === 0 || /[\s:/-]/.test(t[found - 1]!)) score += 3;
    score -= (found - at - 1) * 0.01;
    at = found;
  }
  return score;
}
