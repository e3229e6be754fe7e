// Where in the test config a value sits, spelled the way users find it in their file:
// `assertions.alice.events[2].detail.messages[0]`. Indexes are 0-based, as in JSON paths.

const BARE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function keyPath(parent: string, key: string): string {
  if (!BARE_KEY.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}
