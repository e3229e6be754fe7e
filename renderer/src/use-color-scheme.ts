import { useSyncExternalStore } from 'react';

const query = window.matchMedia('(prefers-color-scheme: dark)');

/** The OS theme, live: the workbench follows it. */
export function useColorScheme(): 'dark' | 'light' {
  return useSyncExternalStore(
    (onChange) => {
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => (query.matches ? 'dark' : 'light'),
  );
}
