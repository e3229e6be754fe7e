// Paths into a JSON value as the viewer copies them: `$.messages[0].content`, `$["a key"]`.

export type PathStep = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function formatPath(path: readonly PathStep[]): string {
  let text = '$';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else text += IDENTIFIER.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`;
  }
  return text;
}

/** A stable key for a node, for the sets of open and matching nodes. */
export const pathKey = (path: readonly PathStep[]): string => JSON.stringify(path);
