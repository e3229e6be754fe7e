import { useSyncExternalStore } from 'react';
import { useUi } from '../core/ui-store.ts';

const query = window.matchMedia('(prefers-color-scheme: dark)');

function useSystemScheme(): 'dark' | 'light' {
  return useSyncExternalStore(
    (onChange) => {
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => (query.matches ? 'dark' : 'light'),
  );
}

/** The theme in effect: the one chosen, or the OS's, live, when the choice is to follow it. */
export function useColorScheme(): 'dark' | 'light' {
  const system = useSystemScheme();
  const choice = useUi((s) => s.theme);
  return choice === 'system' ? system : choice;
}

/** The page's colours follow the theme in effect (styles.css keys its palette on `data-theme`). */
export function applyColorScheme(scheme: 'dark' | 'light'): void {
  document.documentElement.dataset.theme = scheme;
}

applyColorScheme(query.matches ? 'dark' : 'light');
