/** Microseconds of the monotonic clock, comparable across the machine's processes and threads. */
export function monotonicMicros(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e6 + nanoseconds / 1e3;
}
