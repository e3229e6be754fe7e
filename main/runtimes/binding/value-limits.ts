// What a brain's value may be when it crosses to the host, in every binding: data JSON can hold,
// nested at most MAX_VALUE_DEPTH levels (serde_json's limit, and the config loader's). Anything
// else (a function, a JavaScript BigInt or symbol, a value that contains itself, a deeper value)
// is the brain's own error, raised in its language where the binding reads the value, in the one
// walk that reads it: a 20,000-deep value is refused at its 129th level, not after a walk of all
// of it.

export const MAX_VALUE_DEPTH = 128;

/** The error for a value nested past the limit; `what` names it (`value`, `arguments[1]`). */
export const tooDeepMessage = (what: string): string =>
  `${what} is nested deeper than ${MAX_VALUE_DEPTH} levels, the most a value passed to the host may have (MAX_VALUE_DEPTH)`;

/** The error for a value that contains itself. */
export const cycleMessage = (what: string): string => `${what} contains itself, which JSON cannot hold`;

/** The error for a value JSON has no form for; `kind` says what it is (`a function`, `a BigInt`). */
export const noJsonFormMessage = (what: string, kind: string): string =>
  `${what} holds ${kind}, which cannot be passed to the host (it has no JSON form)`;
