// omw-compat 17.10 leaves open how environment strings become numbers and booleans. Our rule:
// a variable's text is coerced only where the field it lands in is typed number or boolean, and
// only when the text is a TOML scalar of that type (`42`, `-1`, `1_000`, `0x1F`, `1.5e3`, `inf`,
// `true`, `false`). Every other field keeps the string as given, so `model = "123"` stays a string.

import { parse } from 'smol-toml';

export type CoercibleType = 'number' | 'boolean';

export function coerceEnvironmentText(text: string, type: CoercibleType): number | boolean | undefined {
  // A line break or comment would let the text smuggle in more than one scalar.
  if (/[\r\n#]/.test(text)) return undefined;
  let value: unknown;
  try {
    value = parse(`value = ${text}`).value;
  } catch {
    return undefined;
  }
  return typeof value === type ? (value as number | boolean) : undefined;
}
