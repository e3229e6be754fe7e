// Key paths address a value inside a configuration: table keys are strings, list indexes numbers.

export type KeyPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z0-9_-]+$/;

/** `providers.main.turns[2].content`; keys that are not plain words are quoted: `memory.alice["a.b"]`. */
export function formatKeyPath(path: KeyPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (!PLAIN_KEY.test(segment)) text += `[${JSON.stringify(segment)}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}
