import { useSyncExternalStore } from 'react';

/**
 * Whether the pages show the API's codes beside their words (`NOT_CONNECTED` beside "Not
 * connected"): on for testers, off for a demo. Off until switched on, so a new install's first
 * screen reads as a product, not a wire format; kept in this browser's storage, so the app opens
 * as it was left; every page follows a change at once.
 */
const KEY = 'tariff-desk:api-names';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setApiNames(on: boolean): void {
  try {
    window.localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // storage refused: the switch holds for this page only
  }
  shown = on;
  for (const l of listeners) l();
}

let shown = typeof window === 'undefined' ? false : read();

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The switch's state, followed. */
export const useApiNames = (): boolean => useSyncExternalStore(subscribe, () => shown);
