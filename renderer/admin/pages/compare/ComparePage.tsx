import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Grid, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ErrorAlert, PageHeader } from '../../components/common';
import { LocationSelect, locationLabel, NoLocations, useLocation, useLocationTariffs } from '../../components/forms';
import { NoTariff, usePageLocation } from '../../components/page-location';
import {
  ready,
  USAGE_DEBOUNCE_MS,
  UsagePicker,
  usageKey,
  usageOf,
  type UsageChoice,
} from '../../components/UsagePicker';
import { DateTime } from 'luxon';
import { useServiceToday } from '../../service-time';
import { tariffName } from '../../restore';
import type { TariffDirection } from '../../../../core/engine/schemas/common';
import { CandidatePicker } from './CandidatePicker';
import { ExportCandidate } from './ExportCandidate';
import { DirectionSelect } from '../../components/DirectionSelect';
import { CostChart } from './CostChart';
import { chartPng, compareCsv, download } from './export';
import { Totals } from './Totals';
import { columnsOf, comparedSpan, fairOf, fileSpan, replacedKinds, yearFrom, type CompareOption } from './model';
import { useSettled } from '../../components/records';
import { ProfileNote } from './ProfileNote';
import { WindowPicker } from './WindowPicker';
import { SolarPicker } from './SolarPicker';
import {
  DEFAULT_METERING,
  generationOf,
  meteringRequest,
  MONTH_NAMES,
  NO_SOLAR,
  solarKey,
  type SolarChoice,
} from './solar';
import type { Metering } from '../../../../core/engine/schemas/bill';
import { monthsOf, type CompareWindow } from './window';
import { BatteryPicker } from '../../components/battery/BatteryPicker';
import { BatteryDayView, type DispatchSource } from '../../components/battery/DayView';
import { NO_BATTERY, NO_CAR, type BatteryChoice, type CarChoice } from '../../components/battery/model';
import { useFlexibleBody } from '../../components/battery/flexible';
import { keptKey, lastMonthOf, monthsIn, readKept, writeKept, type CompareKept } from './kept';

/** How long an answer is taken as still true: the same request within it is answered from the cache. */
export const ANSWER_STALE_MS = 5 * 60_000;

/**
 * The stored tariffs of a location beside up to three candidates, on one usage (and the
 * household's solar, if any) over twelve months (the coming twelve, a calendar year or twelve
 * from a month picked): monthly bills, totals with their parts, what switching saves, CSV and
 * PNG. One POST /bills request with the candidates as `alternatives` bills them all alike: the
 * whole bill, energy with standing, fixed, demand and minimum charges, less export credit.
 */
export function ComparePage() {
  const { liveMode } = useApp();
  const { id } = usePageLocation();
  // A profile picked by hand goes along to the next location, unless that one has its own picked.
  const carry = useRef<UsageChoice | null>(null);
  // One page per mode and location, its state read back from what was kept for them.
  return <ComparePageOf key={`${liveMode ? 'live' : 'test'}:${id ?? ''}`} carry={carry} />;
}

/** What was kept for this mode and location, read once as the page opens. */
function useKept(liveMode: boolean, locationId: string | undefined): CompareKept | null {
  return useMemo(() => {
    if (!locationId) return null;
    try {
      return readKept(window.localStorage.getItem(keptKey(liveMode, locationId)));
    } catch {
      return null;
    }
  }, [liveMode, locationId]);
}

function ComparePageOf({ carry }: { carry: { current: UsageChoice | null } }) {
  const { api, liveMode, navigate } = useApp();
  const { id: locationId, location: listed, anyTariff } = usePageLocation();
  const kept = useKept(liveMode, locationId);
  const [direction, setDirection] = useState<TariffDirection>('IMPORT');
  const [usage, setUsage] = useState<UsageChoice | null>(() =>
    kept?.usage && !kept.usage.auto
      ? { kind: 'profile', ...kept.usage }
      : (carry.current ?? (kept?.usage ? { kind: 'profile', ...kept.usage } : null)),
  );
  useEffect(() => {
    if (usage?.kind === 'profile' && !usage.auto) carry.current = usage;
  }, [usage, carry]);
  // What is priced: the usage once typing pauses (typing 5000 would otherwise ask for five years).
  const priced = useSettled(usage, USAGE_DEBOUNCE_MS);
  const [options, setOptions] = useState<CompareOption[]>(kept?.options ?? []);
  const [exportOption, setExportOption] = useState<CompareOption | null>(kept?.export_option ?? null);
  const [solar, setSolar] = useState<SolarChoice>(kept?.solar ?? NO_SOLAR);
  // Typing a year's generation asks once, when typing pauses, as the usage does.
  const solarPriced = useSettled(solar, USAGE_DEBOUNCE_MS);
  const [battery, setBattery] = useState<BatteryChoice>(kept?.battery ?? NO_BATTERY);
  const [car, setCar] = useState<CarChoice>(kept?.car ?? NO_CAR);
  // Typed sizes ask once typing pauses, as the usage does.
  const flexible = useFlexibleBody(battery, car, USAGE_DEBOUNCE_MS);
  const [picked, setMetering] = useState<Metering>(kept?.metering ?? DEFAULT_METERING);
  // The true-up month follows the window's last month (so credit earned in the window is paid in
  // it) until one is picked by hand.
  const [trueUpByHand, setTrueUpByHand] = useState(kept?.true_up_by_hand ?? false);
  const location = useLocation(locationId);
  const tariffs = useLocationTariffs(locationId);
  const zone = location.data?.timezone ?? 'UTC';
  const currency = location.data?.currency_code ?? '';
  const today = useServiceToday(location.data?.timezone);
  const [months, setMonths] = useState<CompareWindow>(kept?.window ?? { kind: 'next' });
  // The work is kept as it changes, so that leaving the page or a reload loses none of it.
  useEffect(() => {
    if (!locationId) return;
    const text = writeKept({
      options,
      usage: usage?.kind === 'profile' ? usage : null,
      solar,
      metering: picked,
      true_up_by_hand: trueUpByHand,
      window: months,
      battery,
      car,
      ...(exportOption ? { export_option: exportOption } : {}),
    });
    try {
      window.localStorage.setItem(keptKey(liveMode, locationId), text);
    } catch {
      // Storage full or refused: the page works on, only without keeping.
    }
  }, [liveMode, locationId, options, usage, solar, picked, trueUpByHand, months, battery, car, exportOption]);
  // The twelve months picked (the coming twelve unless said); with a meter file, the months it covers (up to twelve).
  const year = useMemo(() => {
    if (priced?.kind === 'csv')
      return yearFrom(DateTime.fromMillis(priced.from, { zone }).toISODate()!, zone, priced.to);
    return today ? monthsOf(months, today, zone) : null;
  }, [today, zone, priced, months]);
  // Net metering nets kWh within time-of-use periods: a market-linked supply tariff (stored or a
  // candidate) has none, and the service refuses the pair. It is not offered then, and says why.
  const marketSupply = useMemo(() => {
    if (direction !== 'IMPORT') return undefined;
    const stored = (tariffs.data?.data ?? []).find(
      (t) => t.type === 'COMMODITY' && (t.direction ?? 'IMPORT') === 'IMPORT' && t.market_rates,
    );
    if (stored) return tariffName(stored);
    return options.find((o) => o.candidate.type === 'COMMODITY' && o.candidate.market_rates)?.name;
  }, [direction, tariffs.data, options]);
  const netMeteringBlocked = marketSupply
    ? `Net metering is not offered: it nets kWh within time-of-use periods, and ${marketSupply} follows the market, so it has none. Net billing and buy all, sell all are.`
    : undefined;
  const metering = useMemo(() => {
    const chosen = netMeteringBlocked && picked.mode === 'NET_METERING' ? DEFAULT_METERING : picked;
    return trueUpByHand || !year ? chosen : { ...chosen, true_up_month: lastMonthOf(year.to, zone) };
  }, [picked, trueUpByHand, year, zone, netMeteringBlocked]);
  const onMetering = (m: Metering) => {
    if (m.true_up_month !== metering.true_up_month) setTrueUpByHand(true);
    setMetering(m);
  };
  // A true-up in none of the months compared pays nothing out in them: said beside the totals.
  const trueUpOutside =
    !!year &&
    solarPriced.kind !== 'none' &&
    (metering.mode === 'NET_METERING' || metering.credits === 'CARRIED') &&
    !monthsIn(year.from, year.to, zone).includes(metering.true_up_month);
  // A meter file is said by its own days ("over 35 days, 15 Sep – 19 Oct"), not by the months it touches.
  const file = priced?.kind === 'csv' ? fileSpan(priced.from, priced.to, zone) : null;
  const noTariff = listed?.tariff_elements.length === 0;
  // Each candidate runs over the months compared now: dates taken when it was added would miss a
  // meter file's months loaded later, and the candidate would price nothing there.
  const candidates = useMemo(
    () =>
      year ? options.map((o) => ({ ...o.candidate, contract_start_date: year.from, contract_end_date: year.to })) : [],
    [options, year],
  );
  // An export tariff tried where none is stored: with solar, on the supply side, it credits every column.
  const noStoredExport =
    !!tariffs.data && !tariffs.data.data.some((t) => t.type === 'COMMODITY' && t.direction === 'EXPORT');
  const exportOffered = direction === 'IMPORT' && solar.kind !== 'none' && noStoredExport;
  const exportCandidate = useMemo(
    () =>
      exportOffered && exportOption && year
        ? { ...exportOption.candidate, contract_start_date: year.from, contract_end_date: year.to }
        : null,
    [exportOffered, exportOption, year],
  );
  // Under buy all, sell all a battery behind the meter changes nothing billed (the API refuses
  // one there): it is left out of the request, said in its panel, and kept for another metering.
  const batteryLeftOut =
    battery.on && metering.mode === 'BUY_ALL_SELL_ALL'
      ? 'Left out under buy all, sell all: every kWh used is bought and every kWh made is sold, so a battery behind the meter changes nothing billed. Choose net billing or net metering to see it.'
      : undefined;
  const sent = useMemo(() => {
    if (!batteryLeftOut) return flexible.request;
    const { battery: _battery, include_dispatch: _dispatch, ...rest } = flexible.request as Record<string, unknown>;
    return rest;
  }, [flexible.request, batteryLeftOut]);
  const startSoc = flexible.start_soc_kwh;
  const cost = useQuery({
    enabled: !!location.data && !!year && ready(priced) && !noTariff,
    queryKey: [
      'compare',
      liveMode,
      locationId,
      direction,
      year?.start_time,
      year?.end_time,
      usageKey(priced),
      solarKey(solarPriced),
      metering,
      candidates,
      exportCandidate,
      sent,
      startSoc,
    ],
    // The same question has the same answer: going back to an earlier usage or candidate set is not asked again.
    staleTime: ANSWER_STALE_MS,
    // The answer keeps the candidates it priced, so the last chart can stay up (dimmed) while the next computes.
    queryFn: async () => ({
      at: `${locationId}|${direction}`,
      options,
      start_soc_kwh: startSoc,
      answer: await api.call('bills.create', {
        params: { location_id: locationId! },
        body: {
          start_time: year!.start_time,
          end_time: year!.end_time,
          usage: usageOf(priced!, year!.fromMs, year!.toMs),
          ...(solarPriced.kind === 'none' ? {} : { generation: generationOf(solarPriced, year!.fromMs, year!.toMs) }),
          metering: meteringRequest(metering),
          // Laid under every column: the stored one and each alternative are credited by it alike.
          ...(exportCandidate ? { candidates: [exportCandidate] } : {}),
          ...(candidates.length ? { alternatives: candidates.map((c) => [c]) } : {}),
          ...sent,
        },
      }),
    }),
    // Only the same location and direction: another place's bars would mislead while the new ones compute.
    placeholderData: (previous) => (previous?.at === `${locationId}|${direction}` ? previous : undefined),
    retry: false,
  });
  const own = useMemo(
    () => (tariffs.data?.data ?? []).filter((t) => (t.direction ?? 'IMPORT') === direction),
    [tariffs.data, direction],
  );
  // Tariffs of the other direction only: the next step, as on the Prices page, not an error.
  const missing = !!tariffs.data && own.length === 0;
  // Tiers count per month in a bill; the note says so where a compared tariff has them.
  const tiered = JSON.stringify([own.map((t) => t.schedule), candidates.map((c) => c.schedule)]).includes('"to_kwh"');
  // The stored supply tariff names the stored column; grid fees and the like ride along in every column.
  const storedName = useMemo(() => {
    const supply = own.find((t) => t.type === 'COMMODITY') ?? own[0];
    // The grid fee is in every column's figures; the stored column's name says so.
    const fee = supply?.type === 'COMMODITY' && own.some((t) => t.type === 'NON_COMMODITY') ? ' + grid fee' : '';
    return supply ? `Stored: ${tariffName(supply)}${fee}` : 'Stored tariffs';
  }, [own]);
  const columns = useMemo(
    () => (cost.data ? columnsOf(cost.data.answer, storedName, cost.data.options) : null),
    [cost.data, storedName],
  );
  // Like with like: the months every column prices in full, by the answer and the stored contracts.
  const fair = useMemo(() => {
    if (!columns || !cost.data) return null;
    return fairOf(
      columns,
      replacedKinds(
        own,
        cost.data.options.map((o) => o.candidate),
      ),
    );
  }, [columns, cost.data, own]);
  const { span, head } = comparedSpan(
    fair,
    year?.months ?? 12,
    priced?.kind === 'csv' ? { from: priced.from, to: priced.to } : null,
    zone,
  );
  // Each column's battery dispatch for the day view, with the candidate whose prices it ran on.
  const dispatches = useMemo((): DispatchSource[] => {
    if (!columns || !cost.data || !year) return [];
    const priced = cost.data.options;
    return columns.flatMap((c) => {
      const cells = c.battery?.dispatch;
      if (!cells?.length) return [];
      const o = priced.find((p) => p.key === c.key);
      const candidates = [
        ...(exportCandidate ? [exportCandidate] : []),
        ...(o ? [{ ...o.candidate, contract_start_date: year.from, contract_end_date: year.to }] : []),
      ];
      return [{ key: c.key, name: c.name, cells, candidates, start_soc_kwh: cost.data.start_soc_kwh }];
    });
  }, [columns, cost.data, year, exportCandidate]);
  const chart = useRef<HTMLDivElement>(null);
  const [pngError, setPngError] = useState<unknown>(null);
  const base = `compare-${locationId}-${direction}-${year?.from ?? ''}`;
  const exportCsv = () =>
    fair && download(`${base}.csv`, new Blob([compareCsv(fair, columns!, zone, currency)], { type: 'text/csv' }));
  const exportPng = () => {
    if (!columns || !chart.current || !year) return;
    setPngError(null);
    const place = location.data ? locationLabel(location.data).primary : '';
    chartPng(chart.current, `Monthly cost at ${place}, ${year.label} (${currency})`, columns).then(
      (png) => download(`${base}.png`, png),
      setPngError,
    );
  };

  return (
    <>
      <PageHeader
        title="Compare"
        subtitle={`The stored tariffs beside up to three candidates: whole bills on one usage ${file ? 'over the days of a meter file' : 'over twelve months'}`}
        actions={
          columns && !cost.isFetching ? (
            <>
              <Button onClick={exportCsv} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                Export CSV
              </Button>
              <Button onClick={exportPng} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                Export PNG
              </Button>
            </>
          ) : null
        }
      />
      <NoLocations hint="Tariffs are compared at a location: create one first." />
      {locationId ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Stack spacing={2}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Stack spacing={2}>
                  <LocationSelect
                    value={locationId}
                    onChange={(id) => {
                      navigate(`compare?location=${id}`);
                    }}
                    fullWidth
                  />
                  <DirectionSelect
                    value={direction}
                    onChange={(d) => {
                      setOptions([]);
                      setDirection(d);
                    }}
                  />
                  <UsagePicker
                    value={usage}
                    onChange={setUsage}
                    country={location.data?.postal_address.country_code}
                    zone={zone}
                  />
                  <ProfileNote usage={usage} address={location.data?.postal_address} />
                  {today ? (
                    <WindowPicker
                      value={months}
                      onChange={setMonths}
                      today={today}
                      fileMonths={priced?.kind === 'csv' ? year?.label : undefined}
                    />
                  ) : null}
                </Stack>
              </Paper>
              <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Household solar">
                <SolarPicker
                  solar={solar}
                  onSolar={setSolar}
                  metering={metering}
                  onMetering={onMetering}
                  zone={zone}
                  currency={location.data?.currency_code}
                  netMeteringBlocked={netMeteringBlocked}
                />
              </Paper>
              {exportOffered && year ? (
                <ExportCandidate
                  option={exportOption}
                  onChange={setExportOption}
                  year={year}
                  zone={zone}
                  currency={currency}
                />
              ) : null}
              <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Household battery and car">
                <BatteryPicker
                  battery={battery}
                  onBattery={setBattery}
                  car={car}
                  onCar={setCar}
                  batteryLeftOut={batteryLeftOut}
                />
              </Paper>
              {location.data && year ? (
                <CandidatePicker
                  key={`${locationId}-${direction}`}
                  options={options}
                  onChange={setOptions}
                  locationId={locationId}
                  direction={direction}
                  country={location.data.postal_address.country_code}
                  year={year}
                  zone={zone}
                  currency={currency}
                  reserved={storedName}
                />
              ) : null}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            {noTariff || missing ? (
              <NoTariff locationId={locationId} anyTariff={anyTariff} direction={noTariff ? undefined : direction} />
            ) : (
              <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Comparison">
                <Typography variant="subtitle1" component="h2">
                  {year ? `Monthly cost, ${year.label} (months in ${zone})` : 'Monthly cost'}
                  {currency ? `, ${currency}` : ''}
                </Typography>
                {priced?.kind === 'csv' && file ? (
                  <Typography variant="body2" color="text.secondary" data-testid="compare-span">
                    Usage of {priced.name} {file.words}
                  </Typography>
                ) : null}
                {/* The year is one request; until it answers, say what is being done. */}
                {cost.isFetching ? (
                  <Box sx={{ my: 2 }} role="status" aria-label="Computing the year">
                    <Typography variant="body2" color="text.secondary">
                      Computing {year?.months ?? 12} months of {1 + options.length} tariff set
                      {options.length ? 's' : ''}…
                    </Typography>
                    <LinearProgress aria-label="Computing the year" sx={{ mt: 1 }} />
                  </Box>
                ) : null}
                <ErrorAlert error={cost.error ?? pngError} />
                {columns ? (
                  <Stack
                    spacing={2}
                    sx={{ mt: 1, opacity: cost.isFetching ? 0.4 : 1, transition: 'opacity 150ms' }}
                    aria-busy={cost.isFetching}
                  >
                    <CostChart
                      ref={chart}
                      columns={columns}
                      compared={fair?.compared}
                      zone={zone}
                      currency={currency}
                    />
                    {fair ? (
                      <Totals
                        fair={fair}
                        zone={zone}
                        currency={currency}
                        span={span}
                        head={head}
                        profile={priced?.kind === 'profile'}
                        tiered={tiered}
                        carriedCredits={
                          solarPriced.kind !== 'none' &&
                          metering.mode !== 'NET_METERING' &&
                          metering.credits === 'CARRIED'
                        }
                      />
                    ) : null}
                    {exportCandidate ? (
                      // Under every column alike, so said once for all of them rather than in one name.
                      <Typography variant="body2" color="text.secondary" data-testid="compare-export-note">
                        Every column’s exports are credited by “{exportCandidate.display_name}”, an export tariff tried
                        here (not stored).
                      </Typography>
                    ) : null}
                    {locationId && dispatches.length ? (
                      <BatteryDayView sources={dispatches} locationId={locationId} zone={zone} currency={currency} />
                    ) : null}
                    {trueUpOutside ? (
                      <Typography variant="body2" color="warning.main" data-testid="true-up-outside">
                        The true-up, at the end of {MONTH_NAMES[metering.true_up_month - 1]}, falls outside the months
                        compared: credit still carried at their end is not paid out in these totals.
                      </Typography>
                    ) : null}
                  </Stack>
                ) : null}
              </Paper>
            )}
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}
