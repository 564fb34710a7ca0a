import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Grid, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ServiceError } from '../../api';
import { ErrorAlert, PageHeader } from '../../components/common';
import { NoLocations, useLocation, useLocations, useLocationTariffs } from '../../components/forms';
import { NoTariff } from '../../components/page-location';
import { PriceChart } from '../../components/PriceChart';
import { useSettled } from '../../components/records';
import { chartOf } from '../../price-answer';
import { useServiceClock, useServiceNow } from '../../service-time';
import { CurlBox } from './CurlBox';
import { ScheduleForm } from './ScheduleForm';
import { StoreSession } from './StoreSession';
import { planOf } from './session';
import { Summary } from './Summary';
import { BatteryPlan } from './BatteryPlan';
import { batteryOf, batteryRequestOf } from './battery';
import { useUsageProfiles } from '../../components/UsagePicker';
import { profileForCountry } from '../../../../core/engine/usage/choose';
import { useDevices } from '../customers/queries';
import {
  chosenOf,
  curlOf,
  DEFAULT_PARAMS,
  fieldProblem,
  instantOf,
  minutesNeeded,
  MODES,
  needsDays,
  pricesMove,
  requestOf,
  sentence,
  tonight,
  type Answer,
  type Params,
  type ScheduleRequest,
} from './model';

/** How long typing may pause before the schedule is asked again. */
const SETTLE_MS = 400;

/** The form as last left in each mode (its device is the mode's), for the page's next visit in this app session. */
const lastForms = new Map<boolean, { zone: string; params: Params } | null>();

/**
 * When to use energy at a location: the three schedules of the API on the location's prices,
 * the chosen time shaded on the price chart, the figures in its currency, and the request as
 * curl. Opens on the first location whose price moves, tonight, for an electric car.
 */
export function SchedulesPage() {
  const { api, liveMode, navigate, route, boot } = useApp();
  const locations = useLocations();
  const asked = route.params.get('location');
  const all = locations.data?.data;
  // Unless the address names one: the first location (in the list's order) whose price moves, else the first.
  const fallback = useQuery({
    enabled: !asked && !!all,
    queryKey: ['schedules', 'default-location', liveMode, all?.map((l) => l.id)],
    queryFn: async () => {
      for (const l of all!) {
        const t = await api.call('tariffs.list', { query: { location_id: l.id, limit: 100 } });
        if (pricesMove(t.data)) return l.id;
      }
      return all![0]?.id ?? null;
    },
  });
  const locationId = asked ?? fallback.data ?? undefined;
  const location = useLocation(locationId);
  const tariffs = useLocationTariffs(locationId);
  const zone = location.data?.timezone;
  const currency = location.data?.currency_code ?? '';
  const now = useServiceNow();
  // A move of the service clock (or a return to real time) changes this; its minute ticks do not.
  const clock = useServiceClock();
  const clockKey = clock ? `${clock.mode}:${clock.mode === 'frozen' ? clock.now : clock.offset_seconds}` : undefined;
  const seenClock = useRef(clockKey);

  // The form, for the location's zone: tonight there, once the zone and the service's now are known.
  const [form, setForm] = useState(() => lastForms.get(liveMode) ?? null);
  // Kept while the app is open: back from the session a plan was stored as, the same plan shows.
  useEffect(() => {
    lastForms.set(liveMode, form);
  }, [form, liveMode]);
  // A form kept from an earlier visit whose window has ended since opens on tonight instead.
  const restored = useRef(lastForms.has(liveMode));
  useEffect(() => {
    if (!zone || now === undefined) return;
    const ended = (f: { params: Params }) => Date.parse(instantOf(f.params.to, zone) ?? '') <= now;
    const kept = restored.current;
    restored.current = false;
    // After a move of the clock the window is the service's new now, tonight there, without a reload.
    const moved = seenClock.current !== undefined && clockKey !== undefined && seenClock.current !== clockKey;
    if (clockKey !== undefined) seenClock.current = clockKey;
    setForm((f) => {
      if (f?.zone === zone && !moved && !(kept && ended(f))) return f;
      const base = { ...DEFAULT_PARAMS, ...f?.params };
      return { zone, params: { ...base, ...tonight(now, zone, minutesNeeded(base)) } };
    });
  }, [zone, now, clockKey]);
  // A mode asked in the address (the Overview's "cheapest hours tonight") is taken once, as the page opens.
  const askedMode = MODES.find((m) => m.id === route.params.get('mode'))?.id;
  const modeTaken = useRef(false);
  useEffect(() => {
    if (!askedMode || modeTaken.current || !zone || form?.zone !== zone) return;
    modeTaken.current = true;
    setForm((f) => (f ? { ...f, params: { ...f.params, mode: askedMode } } : f));
  }, [askedMode, form?.zone, zone]);
  const params = form && form.zone === zone ? form.params : null;
  const setParams = (p: Params) => setForm((f) => (f ? { ...f, params: p } : null));
  const settled = useSettled(params, SETTLE_MS);
  const battery = params?.mode === 'battery';
  const request = useMemo(
    () => (settled && zone && settled.mode !== 'battery' ? requestOf(settled, zone) : null),
    [settled, zone],
  );
  const ready = request && !('problem' in request) ? request : null;
  // Battery mode: the chosen battery (else the demo home's) from the service's now.
  const devices = useDevices();
  const batteryDevice = batteryOf(devices.data?.data ?? [], params?.device ?? '');
  // The home's usage on the household profile of its country (a London home is not a German one).
  const profiles = useUsageProfiles();
  const country = location.data?.postal_address.country_code;
  const profile = profiles.data && country ? profileForCountry(profiles.data.data, country)?.name : undefined;
  const batteryRequest = useMemo(
    () =>
      settled?.mode === 'battery' && now !== undefined && devices.isSuccess && profile
        ? batteryRequestOf(settled, now, batteryDevice?.id, profile)
        : null,
    [settled, now, devices.isSuccess, batteryDevice?.id, profile],
  );
  const batteryBody = batteryRequest && !('problem' in batteryRequest) ? batteryRequest : null;

  const schedule = useQuery({
    enabled: !!locationId && !!ready,
    queryKey: ['schedule', liveMode, locationId, ready],
    queryFn: () => ask(api, locationId!, ready!),
    retry: false,
  });
  const win = ready ? windowOf(ready) : null;
  const prices = useQuery({
    enabled: !!locationId && !!win,
    queryKey: ['prices', liveMode, locationId, win],
    queryFn: () =>
      api.call('prices.retrieve', { params: { id: locationId! }, body: { ...win!, expand: ['components'] } }),
    retry: false,
  });
  const chart = useMemo(
    () => (prices.data && tariffs.data ? chartOf(prices.data, tariffs.data.data) : null),
    [prices.data, tariffs.data],
  );
  const answer = schedule.data ?? null;
  const chosen = answer ? chosenOf(answer) : [];
  const withDay = settled ? needsDays(settled) : false;
  const windowAverage = useMemo(() => {
    const data = prices.data?.data ?? [];
    let ms = 0;
    let money = 0;
    for (const d of data) {
      if (d.price.confidence <= 0) continue;
      const len = Date.parse(d.valid_to) - Date.parse(d.valid_from);
      ms += len;
      money += d.price.value * len;
    }
    return ms > 0 ? money / ms : null;
  }, [prices.data]);
  const missing = schedule.error instanceof ServiceError && schedule.error.code === 'no_tariff_connected';
  // What is wrong, in the form's words and on its field: the form's own check, else the service's refusal.
  const invalid =
    request && 'problem' in request
      ? { field: request.field, message: request.problem }
      : batteryRequest && 'problem' in batteryRequest
        ? { field: batteryRequest.field, message: batteryRequest.problem }
        : schedule.error instanceof ServiceError && !missing
          ? fieldProblem(schedule.error.code, schedule.error.message)
          : null;

  return (
    <>
      <PageHeader
        title="Schedules"
        subtitle="When to use energy at a location: the cheapest hours, the time under a price, or when a car should charge"
      />
      <NoLocations hint="Schedules are made on a location's prices: create a location with a tariff first." />
      {locationId && params && zone ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <ScheduleForm
                locationId={locationId}
                onLocation={(id) => navigate(`schedules?location=${id}`)}
                params={params}
                onChange={setParams}
                currency={currency}
                zone={zone}
                invalid={invalid}
                battery={batteryDevice?.id}
              />
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <Stack spacing={2}>
              {battery ? (
                <>
                  <BatteryPlan
                    locationId={locationId}
                    deviceId={batteryDevice?.id}
                    body={batteryBody}
                    problem={batteryRequest && 'problem' in batteryRequest ? batteryRequest.problem : null}
                    zone={zone}
                  />
                  {batteryBody ? (
                    <CurlBox curl={curlOf(boot.api_url, locationId, { mode: 'battery', body: batteryBody })} />
                  ) : null}
                </>
              ) : missing ? (
                <NoTariff
                  locationId={locationId}
                  anyTariff={(tariffs.data?.data.length ?? 0) > 0}
                  direction={params.direction}
                />
              ) : (
                <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Schedule">
                  {request && 'problem' in request ? <Alert severity="info">{request.problem}</Alert> : null}
                  {schedule.isFetching ? <LinearProgress aria-label="Computing the schedule" sx={{ mb: 1 }} /> : null}
                  <ErrorAlert
                    error={
                      schedule.error instanceof ServiceError && invalid
                        ? { code: schedule.error.code, message: invalid.message }
                        : (schedule.error ?? prices.error)
                    }
                  />
                  {answer ? (
                    <Typography variant="h6" component="h2" data-testid="schedule-sentence" sx={{ mb: 1 }}>
                      {sentence(answer, zone, withDay)}
                    </Typography>
                  ) : null}
                  <Box sx={{ opacity: schedule.isFetching ? 0.5 : 1, transition: 'opacity 150ms' }}>
                    {chart && prices.data ? (
                      <PriceChart
                        points={chart.points}
                        components={chart.series}
                        zone={zone}
                        unit={`${prices.data.currency_code}/kWh`}
                        label="Price chart with the schedule"
                        height={260}
                        highlights={answer && !schedule.isFetching ? chosen : []}
                      />
                    ) : null}
                    {answer ? (
                      <>
                        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
                          Shaded: the time the schedule chose, in {zone} local time.
                        </Typography>
                        <Summary answer={answer} zone={zone} withDay={withDay} windowAverage={windowAverage} />
                        {!schedule.isFetching ? (
                          <StoreSession
                            plan={planOf(answer, { powerKw: Number(params.powerKw), id: params.device || undefined })}
                            locationId={locationId}
                            zone={zone}
                            blocked={
                              answer.mode !== 'amount' && !(Number(params.powerKw) > 0)
                                ? 'Give the device’s power, more than 0 kW, to store the chosen time as a session.'
                                : null
                            }
                          />
                        ) : null}
                      </>
                    ) : null}
                  </Box>
                </Paper>
              )}
              {ready && !battery ? <CurlBox curl={curlOf(boot.api_url, locationId, ready)} /> : null}
            </Stack>
          </Grid>
        </Grid>
      ) : null}
    </>
  );
}

/** The window and direction of a request, for the price chart beside it. */
function windowOf(r: ScheduleRequest) {
  if (r.mode === 'amount') {
    const e = r.body.data[0]!;
    return { start_time: e.start_time!, end_time: e.end_time, tariff_direction: r.body.tariff_direction };
  }
  return { start_time: r.body.start_time!, end_time: r.body.end_time, tariff_direction: r.body.tariff_direction };
}

/** Asks the API for the schedule of a request. */
async function ask(api: ReturnType<typeof useApp>['api'], id: string, r: ScheduleRequest): Promise<Answer> {
  const params = { id };
  if (r.mode === 'duration')
    return { mode: r.mode, answer: await api.call('schedules.duration', { params, body: r.body }) };
  if (r.mode === 'limit') return { mode: r.mode, answer: await api.call('schedules.limit', { params, body: r.body }) };
  return { mode: r.mode, answer: await api.call('schedules.amount', { params, body: r.body }) };
}
