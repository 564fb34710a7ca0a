import { useMemo, useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../../context';
import { ErrorAlert } from '../common';
import { SelectField, useLocationTariffs } from '../forms';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import type { TariffCandidate } from '../../../../core/engine/schemas/cost';
import { BatteryDayChart } from './DayChart';
import type { BatteryDayCell } from './slots';
import { dayCells, daysOf, socBefore } from './days';

/** One dispatch the day view can show: a column of Compare, or the bill of Usage and cost. */
export interface DispatchSource {
  key: string;
  name: string;
  cells: BatteryDayCell[];
  /** The candidates that replace stored tariffs in this column (their prices are the column's). */
  candidates?: TariffCandidate[];
  /** The state of charge as the window starts, kWh (0 when not said). */
  start_soc_kwh?: number;
}

/** One direction's prices over the day, on the column's tariffs (its candidates in place). */
function useDayPrices(
  locationId: string,
  span: { start_time: string; end_time: string } | null,
  candidates: TariffCandidate[] | undefined,
  direction: TariffDirection,
  enabled: boolean,
) {
  const { api, liveMode } = useApp();
  return useQuery({
    enabled: !!span && enabled,
    queryKey: ['battery-day-prices', liveMode, locationId, span, candidates ?? [], direction],
    queryFn: () =>
      api.call('prices.retrieve', {
        params: { id: locationId },
        body: { ...span!, tariff_direction: direction, ...(candidates?.length ? { candidates } : {}) },
      }),
    retry: false,
  });
}

/**
 * A day of a battery's dispatch, picked from the window's local days (the busiest first shown),
 * over the import prices of the chosen column's tariffs, and its export prices where it has an
 * export tariff (`POST /prices/{id}` with its candidates, a direction each).
 */
export function BatteryDayView({
  sources,
  locationId,
  zone,
  currency,
}: {
  sources: DispatchSource[];
  locationId: string;
  zone: string;
  currency: string;
}) {
  const [pickedKey, setKey] = useState<string | null>(null);
  const source = sources.find((s) => s.key === pickedKey) ?? sources[0];
  const days = useMemo(() => (source ? daysOf(source.cells, zone) : []), [source, zone]);
  const [pickedDay, setDay] = useState<string | null>(null);
  // The day picked while it is in the window; else the day the battery moves most.
  const day = days.find((d) => d.date === pickedDay) ?? days.find((d) => d.busiest) ?? days[0];
  const span = useMemo(() => {
    if (!day) return null;
    const from = DateTime.fromISO(day.date, { zone });
    return {
      start_time: from.toISO({ suppressMilliseconds: true })!,
      end_time: from.plus({ days: 1 }).toISO({ suppressMilliseconds: true })!,
    };
  }, [day, zone]);
  // Export prices only where the column has an export tariff (stored, or a candidate standing in).
  const stored = useLocationTariffs(locationId);
  const exports =
    (source?.candidates ?? []).some((c) => c.direction === 'EXPORT') ||
    (stored.data?.data ?? []).some((t) => t.direction === 'EXPORT');
  const prices = useDayPrices(locationId, span, source?.candidates, 'IMPORT', true);
  const exportPrices = useDayPrices(locationId, span, source?.candidates, 'EXPORT', exports);
  const cells = useMemo(
    () => (source && span ? dayCells(source.cells, span, prices.data?.data ?? [], exportPrices.data?.data ?? []) : []),
    [source, span, prices.data, exportPrices.data],
  );
  if (!source || !day) return null;
  return (
    <Stack spacing={1} component="section" aria-label="Battery day">
      <Typography variant="subtitle2" component="h3">
        The battery’s day
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        {sources.length > 1 ? (
          <SelectField
            label="Column"
            value={source.key}
            onChange={setKey}
            options={sources.map((s) => [s.key, s.name] as const)}
            sx={{ flex: '1 1 220px', minWidth: 0 }}
          />
        ) : null}
        <SelectField
          label="Day"
          value={day.date}
          onChange={setDay}
          options={days.map((d) => [d.date, d.label] as const)}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
        />
      </Stack>
      <ErrorAlert error={prices.error ?? exportPrices.error} />
      <BatteryDayChart
        cells={cells}
        zone={zone}
        currency={currency}
        end={span?.end_time}
        start_soc_kwh={span ? socBefore(source.cells, span.start_time, source.start_soc_kwh) : undefined}
        label={`Battery day chart, ${source.name}, ${day.label}`}
      />
    </Stack>
  );
}
