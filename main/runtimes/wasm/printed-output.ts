// A guest's stdout and stderr when the runtime does not inherit them: each write becomes a line of
// script output in the trace (as `print` does for script brains) instead of reaching the agent
// process's streams. A Proxy of the shim's OutputStream, so jco's glue still accepts it.

/** Room reported to `check-write`; writes are never refused. */
const ROOM = 65536n;

export function printedOutput<T extends object>(stream: T, print: (text: string) => void): T {
  const decoder = new TextDecoder();
  const write = (bytes: Uint8Array): void => {
    const text = decoder.decode(bytes).replace(/\n$/, '');
    if (text !== '') print(text);
  };
  const replaced: Record<string, unknown> = {
    checkWrite: () => ROOM,
    write,
    blockingWriteAndFlush: write,
    flush: () => undefined,
    blockingFlush: () => undefined,
  };
  return new Proxy(stream, {
    get(target, property) {
      if (typeof property === 'string' && property in replaced) return replaced[property];
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
