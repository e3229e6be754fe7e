import { z } from 'zod';

/**
 * A table that rejects keys it does not know, since in a hand-written config those are typos,
 * and lists the keys it does know so the fix is obvious.
 */
export function closedTable<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `expected one of the keys ${known}` : undefined),
  });
}
