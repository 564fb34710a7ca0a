import { useEffect, useState } from 'react';
import { DateTime } from 'luxon';
import { useQuery } from '@tanstack/react-query';
import { useApp } from './context';

export type ServiceClock = { mode: 'real' | 'offset' | 'frozen'; now: string; offset_seconds: number };

/**
 * The service clock, shared with the top bar under the query key ['clock'] so a move of the clock
 * reaches every page at once.
 */
export function useServiceClock(): ServiceClock | undefined {
  const { api } = useApp();
  const clock = useQuery({
    queryKey: ['clock'],
    queryFn: () => api.call('clock.retrieve'),
    refetchInterval: 5000,
  });
  return clock.data as ServiceClock | undefined;
}

/** The service's now in epoch ms: a shifted clock runs on with real time, a frozen one stands. */
export function serviceNowMs(c: ServiceClock): number {
  return c.mode === 'offset' ? Date.now() + c.offset_seconds * 1000 : Date.parse(c.now);
}

/** The service's now, ticking every `everyMs` while the clock runs (real or shifted). */
export function useServiceNow(everyMs = 60_000): number | undefined {
  const c = useServiceClock();
  const [, tick] = useState(0);
  useEffect(() => {
    if (!c || c.mode === 'frozen') return;
    const t = setInterval(() => tick((n) => n + 1), everyMs);
    return () => clearInterval(t);
  }, [c?.mode, everyMs]);
  return c ? serviceNowMs(c) : undefined;
}

/** The local date ('YYYY-MM-DD') of an instant in a time zone; undefined for an unknown zone. */
export function localDate(ms: number, zone: string): string | undefined {
  const d = DateTime.fromMillis(ms, { zone });
  return d.isValid ? d.toISODate()! : undefined;
}

/**
 * "Today" as the service sees it in a location's time zone ('YYYY-MM-DD'), so defaults follow the
 * service clock (frozen, shifted) rather than the browser's date. Undefined until the clock and the
 * zone are known.
 */
export function useServiceToday(zone: string | undefined): string | undefined {
  const now = useServiceNow();
  if (now === undefined || !zone) return undefined;
  return localDate(now, zone);
}
