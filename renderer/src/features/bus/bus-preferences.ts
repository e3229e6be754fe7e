import type { BusOrder } from './bus-view.ts';

// The bus inspector's view choices, kept in the browser's storage across reloads.

const ORDER_KEY = 'brainbench.bus.order';
const GROUPED_KEY = 'brainbench.bus.grouped';

const stored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const store = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (a private window): the choice lasts as long as the page.
  }
};

export const storedOrder = (): BusOrder => (stored(ORDER_KEY) === 'oldest' ? 'oldest' : 'newest');
export const storeOrder = (order: BusOrder): void => store(ORDER_KEY, order);
export const storedGrouped = (): boolean => stored(GROUPED_KEY) !== 'false';
export const storeGrouped = (grouped: boolean): void => store(GROUPED_KEY, String(grouped));
