import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at most once per `intervalMs` (the latest one always arrives, at the end of
 * the interval it changed in). For a view whose every render walks a large log: events arriving
 * sixty times a second would otherwise rebuild it every frame and leave no frame for scrolling.
 */
export function useSampled<T>(value: T, intervalMs: number): T {
  const [sampled, setSampled] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (Object.is(value, sampled)) return;
    const wait = last.current + intervalMs - performance.now();
    if (wait <= 0) {
      last.current = performance.now();
      setSampled(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = performance.now();
      setSampled(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, sampled, intervalMs]);
  return sampled;
}
