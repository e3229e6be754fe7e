// A breakpoint's hit condition, in the forms editors offer: `N` or `>= N` (from the Nth hit on),
// `> N`, `== N` (only the Nth), `% N` (every Nth). Anything else never holds, so a typo cannot
// turn a breakpoint into one that stops on every hit.

const FORM = /^\s*(>=|>|==|=|%)?\s*(\d+)\s*$/;

export function hitConditionHolds(condition: string, hits: number): boolean {
  const match = FORM.exec(condition);
  if (!match) return false;
  const n = Number(match[2]);
  switch (match[1]) {
    case undefined:
    case '>=':
      return hits >= n;
    case '>':
      return hits > n;
    case '==':
    case '=':
      return hits === n;
    default:
      return n > 0 && hits % n === 0;
  }
}

/** Whether `condition` is one of the forms above (for the error a client gets when it is not). */
export function isHitCondition(condition: string): boolean {
  return FORM.test(condition);
}
