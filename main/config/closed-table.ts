import { z } from 'zod';

/**
 * An optional key as omw's JSON Schema has it: omw's optional values are Rust `Option`s, which
 * its schema lets be `null` and its loader reads as absent, so a YAML or JSON config written for
 * omw may hold `null` there. Brainbench reads the two the same way.
 */
function absentOrNull<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** `shape` with every optional key taking `null` as absent (a key with a default keeps its type). */
function withNullAsAbsent<Shape extends z.core.$ZodLooseShape>(shape: Shape): Shape {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      schema instanceof z.ZodOptional ? absentOrNull(schema.unwrap() as z.ZodType) : schema,
    ]),
  ) as Shape;
}

/**
 * A table that rejects keys it does not know, since in a hand-written config those are typos,
 * and lists the keys it does know so the fix is obvious.
 */
export function closedTable<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape).join(', ');
  return z.strictObject(withNullAsAbsent(shape), {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `expected one of the keys ${known}` : undefined),
  });
}
