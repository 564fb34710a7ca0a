import { useMemo, useState } from 'react';
import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../context';
import { ErrorAlert } from './common';
import { PriceChart } from './PriceChart';
import { ready, USAGE_DEBOUNCE_MS, UsagePicker, usageKey, usageOf, type UsageChoice } from './UsagePicker';
import { useSettled } from './records';
import { chartOf } from '../price-answer';
import { candidateOf, openEndAfter } from '../candidate';
import { PreviewCost } from './PreviewCost';
import { count } from './schedule-model';
import type { Schedule } from '../../../core/engine/schemas/schedule';
import type { Tariff } from '../../../core/engine/schemas/tariff';
import type { Location } from '../../../core/engine/schemas/location';

/** How long the editor waits after the last edit before asking the service (a drag sends one request). */
export const PREVIEW_DEBOUNCE_MS = 300;
/**
 * How long a preview answer is taken as still true. The window is whole days and the draft is in
 * the key, so undoing back to a priced draft is answered from the cache, not asked again; a save
 * refreshes all queries anyway.
 */
export const PREVIEW_STALE_MS = 5 * 60_000;

const iso = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true })!;

/**
 * The edited schedule priced by the service: POST /prices with the tariff as edited as a
 * candidate (nothing is saved), with every other tariff of the location as stored, and the
 * cost of a chosen usage over the same days (POST /costs, the saved schedule beside the edited
 * one), with the import side's fixed charges. An invalid draft gets the API's own error, which
 * names the field.
 */
export function CandidatePreview({
  tariff,
  schedule,
  location,
  siblings,
  window,
  draft = false,
  edited: unsaved = true,
}: {
  tariff: Tariff;
  schedule: Schedule;
  location: Location;
  siblings: Tariff[];
  window: { from: number; to: number };
  /** A tariff not saved yet (an import): its cost is set beside the location's tariffs as stored. */
  draft?: boolean;
  /** Whether the schedule differs from the stored one: "(not saved)" only while it does. */
  edited?: boolean;
}) {
  const { api, liveMode } = useApp();
  const zone = location.timezone;
  const direction = tariff.direction ?? 'IMPORT';
  const edited = useMemo(() => candidateOf(tariff, openEndAfter(window.to), schedule), [tariff, schedule, window.to]);
  // One request once the edits pause, with the candidate in the key: undoing back finds the cached answer.
  const candidate = useSettled(edited, PREVIEW_DEBOUNCE_MS);
  const settling = candidate !== edited;
  const span = useMemo(
    () => ({ start_time: iso(window.from, zone), end_time: iso(window.to, zone) }),
    [window.from, window.to, zone],
  );
  const prices = useQuery({
    // The tariff's id in the key: a delete refreshes everything but its queries (restore.ts, refreshWithout).
    queryKey: ['preview-prices', liveMode, location.id, tariff.id, direction, span, candidate],
    queryFn: () =>
      api.call('prices.retrieve', {
        params: { id: location.id },
        body: { ...span, tariff_direction: direction, expand: ['components'], candidates: [candidate] },
      }),
    placeholderData: keepPreviousData,
    staleTime: PREVIEW_STALE_MS,
    retry: false,
  });
  const [picked, setUsage] = useState<UsageChoice | null>(null);
  // Priced once typing in the usage pauses, as on the Compare page.
  const usage = useSettled(picked, USAGE_DEBOUNCE_MS);
  const usageBody = useMemo(() => (ready(usage) ? usageOf(usage, window.from, window.to) : null), [usage, window]);
  // A meter file of other days has nothing to price in this window.
  const outside = !!usageBody?.intervals && usageBody.intervals.length === 0;
  const cost = useQuery({
    // After the prices of the same draft: a draft the service refuses is not sent twice.
    enabled: !!usageBody && !outside && prices.isSuccess && !prices.isPlaceholderData,
    queryKey: ['preview-cost', liveMode, location.id, tariff.id, direction, span, candidate, usageKey(usage)],
    // The saved tariffs as the main answer, the edited one as the alternative: both costs in one
    // request. A draft has no saved schedule (the location may have no tariff at all): its own cost only.
    queryFn: () =>
      api.call('costs.retrieve', {
        params: { id: location.id },
        body: {
          ...span,
          tariff_direction: direction,
          usage: usageBody!,
          group_by: 'none',
          // The import side's fixed charges over the same days, as a bill counts them.
          ...(direction === 'IMPORT' ? { fixed_charges: true } : {}),
          ...(draft ? { candidates: [candidate] } : { alternatives: [[candidate]] }),
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: PREVIEW_STALE_MS,
    retry: false,
  });
  const chart = useMemo(() => {
    if (!prices.data) return null;
    // The candidate's share may come under an id of its own: it is this tariff, in its colour.
    const known = new Set(siblings.map((t) => t.id));
    const renamed = {
      ...prices.data,
      data: prices.data.data.map((d) => ({
        ...d,
        components: d.components?.map((c) => (known.has(c.tariff_id) ? c : { ...c, tariff_id: tariff.id })),
      })),
    };
    return chartOf(renamed, siblings);
  }, [prices.data, siblings, tariff.id]);
  const values = prices.data?.data.map((d) => d.price.value) ?? [];
  const unit = `${location.currency_code}/kWh`;
  const edits = draft ? cost.data : cost.data?.alternatives?.[0];
  const busy = settling || prices.isFetching;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Price preview from the service" component="section">
      <Typography variant="subtitle1" component="h3">
        Preview:{' '}
        {draft
          ? `7 days of the contract from ${DateTime.fromMillis(window.from, { zone }).toFormat('d LLL yyyy')}`
          : 'the next 7 days'}
        , {direction.toLowerCase()}, priced by the service with{' '}
        {draft || unsaved ? 'this schedule (not saved)' : 'the saved schedule'}
      </Typography>
      {/* Reserves its line, so the chart does not jump while a request is out. */}
      <Box sx={{ height: 4, my: 1 }}>{busy ? <LinearProgress aria-label="Pricing the edited schedule" /> : null}</Box>
      {prices.error ? (
        <ErrorAlert error={prices.error} />
      ) : chart && prices.data ? (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="preview-range">
            Lowest {Math.min(...values).toFixed(5)} and highest {Math.max(...values).toFixed(5)} {unit} in these 7 days,{' '}
            {count(prices.data.data.length, 'interval')}.
          </Typography>
          <PriceChart
            points={chart.points}
            components={chart.series}
            zone={zone}
            unit={unit}
            label="Price preview"
            height={260}
          />
        </>
      ) : null}
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Typography variant="subtitle2" component="h4">
          {direction === 'EXPORT' ? 'Earnings from an export over these 7 days' : 'Cost of a usage over these 7 days'}
        </Typography>
        <UsagePicker value={picked} onChange={setUsage} country={location.postal_address.country_code} zone={zone} />
        {outside ? (
          <Typography color="text.secondary">
            The file has no usage in these 7 days: pick a profile, or compare its own months on the Compare page.
          </Typography>
        ) : null}
        {cost.error && !prices.error ? <ErrorAlert error={cost.error} /> : null}
        {/* Not while the draft is refused: the figure would be an older draft's. */}
        {cost.data && edits && !cost.error && !prices.error && !outside ? (
          <PreviewCost
            tariff={tariff}
            siblings={siblings}
            direction={direction}
            edits={edits}
            saved={draft ? undefined : cost.data}
            unsaved={unsaved}
          />
        ) : null}
        {cost.data && edits && !cost.error && !prices.error && !outside && edits.unpriced_kwh > 0 ? (
          <Typography variant="body2" color="warning.main" data-testid="preview-unpriced">
            {edits.unpriced_kwh.toFixed(1)} kWh fall at times no band covers: their price is unknown, so they are left
            out of the cost, not counted as free.
          </Typography>
        ) : null}
        {cost.data && edits && !cost.error && !prices.error && !outside && edits.above_first_tier_kwh > 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="preview-tiers">
            {edits.above_first_tier_kwh.toFixed(1)} kWh are billed above the first tier (tiers count each local calendar
            month from its first day; this week is counted from its own start).
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}
