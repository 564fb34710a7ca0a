import { useEffect, useMemo, useState } from 'react';
import { useSettled } from '../records';
import { flexibleBody, initialKwhOf, socProblems, type BatteryChoice, type CarChoice } from './model';

/** A page's battery and car request, and the battery's state of charge as its window starts (kWh). */
interface Asked {
  request: ReturnType<typeof flexibleBody>;
  start_soc_kwh: number;
}

const askedOf = (battery: BatteryChoice, car: CarChoice): Asked => ({
  request: flexibleBody(battery, car),
  start_soc_kwh: battery.on ? initialKwhOf(battery) : 0,
});

/**
 * The battery and car part of a page's bill request, asked once typing pauses. While the
 * battery's states of charge are not valid nothing new is asked: the request stays as last asked
 * (a page opening on such kept choices asks without the battery), and `held` says so.
 */
export function useFlexibleBody(battery: BatteryChoice, car: CarChoice, ms: number): Asked & { held: boolean } {
  const held = battery.on && Object.keys(socProblems(battery)).length > 0;
  const now = useMemo(() => askedOf(battery, car), [battery, car]);
  const [asked, setAsked] = useState(() => (held ? askedOf({ ...battery, on: false }, car) : now));
  useEffect(() => {
    if (!held) setAsked(now);
  }, [held, now]);
  return { ...useSettled(asked, ms), held };
}
