// FLOAT comparison as upstream's checked build does it (the Rhai book, "Floating-point
// Comparison"): values closer than epsilon (scaled by the larger magnitude unless one side is
// zero) are equal, and ordering needs at least that much difference. Infinities and NaN compare
// as IEEE 754 says, since a scaled tolerance means nothing for them.

const EPSILON = Number.EPSILON;

export function floatCompare(op: string, x: number, y: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return ieeeCompare(op, x, y);
  const tolerance = x === 0 || y === 0 ? EPSILON : Math.max(Math.abs(x), Math.abs(y)) * EPSILON;
  switch (op) {
    case '==':
      return Math.abs(x - y) < tolerance;
    case '!=':
      return Math.abs(x - y) >= tolerance;
    case '>':
      return x - y >= tolerance;
    case '>=':
      return x - y >= -tolerance;
    case '<':
      return y - x >= tolerance;
    default:
      return y - x >= -tolerance;
  }
}

function ieeeCompare(op: string, x: number, y: number): boolean {
  switch (op) {
    case '==':
      return x === y;
    case '!=':
      return x !== y;
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '<':
      return x < y;
    default:
      return x <= y;
  }
}
