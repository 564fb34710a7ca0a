import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { minorUnitOf, type PriceUnit } from './units';

/**
 * The unit an analyst types prices per kWh in, kept per currency in this browser's storage (the
 * pence of a British tariff and the euros of a German one are two choices), so the editors open
 * as they were left. The major unit until switched; every price field follows a switch at once.
 */
export const UNITS_KEY = 'tariff-desk:price-units';

const Kept = z.record(z.string().regex(/^[A-Z]{3}$/), z.enum(['major', 'minor']));

/** The kept choices read back, or none where the text is missing or not what this version writes. */
export function readUnits(text: string | null): Record<string, PriceUnit> {
  if (!text) return {};
  try {
    return Kept.safeParse(JSON.parse(text)).data ?? {};
  } catch {
    return {};
  }
}

function read(): Record<string, PriceUnit> {
  try {
    return readUnits(window.localStorage.getItem(UNITS_KEY));
  } catch {
    return {}; // storage refused: the switch holds for this page only
  }
}

let kept = typeof window === 'undefined' ? {} : read();
const listeners = new Set<() => void>();

function keep(currency: string, unit: PriceUnit): void {
  kept = { ...kept, [currency]: unit };
  try {
    window.localStorage.setItem(UNITS_KEY, JSON.stringify(kept));
  } catch {
    // not kept: see `read`
  }
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The unit prices of `currency` are typed in, and its switch; always major without a minor unit. */
export function usePriceUnit(currency: string | undefined): [PriceUnit, (u: PriceUnit) => void] {
  const all = useSyncExternalStore(subscribe, () => kept);
  const unit = currency && minorUnitOf(currency) ? (all[currency] ?? 'major') : 'major';
  return [unit, (u) => currency && keep(currency, u)];
}
