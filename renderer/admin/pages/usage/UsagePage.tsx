import { useMemo, useState, type ReactNode } from 'react';
import { Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import { ServiceError } from '../../api';
import { EmptyState, ErrorAlert, Loading, PageHeader } from '../../components/common';
import { LocationSelect, NoLocations, SelectField, useLocation } from '../../components/forms';
import { NoTariff, usePageLocation } from '../../components/page-location';
import { DirectionSelect } from '../../components/DirectionSelect';
import { useServiceNow, useServiceToday } from '../../service-time';
import { ValueField } from '../../../shared/value-field';
import { TariffDirection } from '../../../../core/engine/schemas/common';
import type { Aggregation } from '../../../../core/engine/schemas/energy-cost';
import { CostBars } from './CostBars';
import { MeterUpload } from './MeterUpload';
import { recordsOf, sessionsOf, usageSeries } from './records';
import { SessionFocus } from './SessionFocus';
import { SessionsTable } from './SessionsTable';
import { BillPart } from './bill/BillPart';
import { kwhText, UsageChart } from './UsageChart';
import { daysOf, PRESETS, presetDays, windowOf, type Preset } from './window';

/** How far back the page looks for a location with meter records to open on. */
const RECENT_MS = 90 * 86_400_000;

/** A titled panel of the page. */
function Part({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Typography variant="subtitle1" component="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A location's meter records over a window of local days: the energy as a chart, the cost
 * report by day or month as bars, the sessions with their cost, and a meter CSV upload. Every
 * figure of money is the API's (`POST /costs/interval`, `POST /costs/session/{ref}`).
 */
export function UsagePage() {
  const { api, liveMode, navigate, route } = useApp();
  // A link to a session (from the Schedules page) names its direction, its days and the session.
  const linked = {
    direction: TariffDirection.safeParse(route.params.get('direction')).data,
    from: route.params.get('from'),
    to: route.params.get('to'),
    session: route.params.get('session') ?? undefined,
  };
  // Unless one is asked for or was picked before, a location with recent meter records (the demo's charger).
  const now = useServiceNow();
  const recent = useQuery({
    enabled: now !== undefined,
    queryKey: ['recent-records', liveMode],
    queryFn: () =>
      api.call('meter_records.list', {
        query: { limit: 1, start_time: new Date(now! - RECENT_MS).toISOString() },
      }),
  });
  const {
    id: locationId,
    location: listed,
    anyTariff,
  } = usePageLocation(recent.isPending ? undefined : (recent.data?.data[0]?.location_id ?? null));
  const [direction, setDirection] = useState<TariffDirection>(linked.direction ?? 'IMPORT');
  const [aggregation, setAggregation] = useState<Aggregation>('DAY');
  const [preset, setPreset] = useState<Preset>(linked.from && linked.to ? 'custom' : '7d');
  const [own, setOwn] = useState<{ from: string; to: string } | null>(
    linked.from && linked.to ? { from: linked.from, to: linked.to } : null,
  );
  const location = useLocation(locationId);
  const zone = location.data?.timezone ?? listed?.timezone ?? 'UTC';
  const today = useServiceToday(location.data?.timezone);
  const days = preset === 'custom' ? own : today ? presetDays(preset, today) : null;
  const win = useMemo(() => (days ? windowOf(days.from, days.to, zone) : null), [days?.from, days?.to, zone]);
  const ok = win && !('problem' in win) ? win : null;
  const records = useQuery({
    enabled: !!locationId && !!ok && !!location.data,
    queryKey: ['meter-records', liveMode, locationId, direction, ok?.start_time, ok?.end_time],
    queryFn: () => recordsOf(api, locationId!, direction, ok!),
  });
  const series = useMemo(
    () => (records.data && ok ? usageSeries(records.data, ok, zone) : null),
    [records.data, ok, zone],
  );
  const sessions = useMemo(() => sessionsOf(records.data ?? []), [records.data]);
  const noTariff = listed?.tariff_elements.length === 0;
  // Like the records, asked once the location's zone is known: a window of guessed days would
  // bring its local days back labelled in another zone.
  const report = useQuery({
    enabled: !!locationId && !!ok && !noTariff && !!location.data,
    queryKey: ['cost-report', liveMode, locationId, direction, aggregation, ok?.start_time, ok?.end_time],
    queryFn: () =>
      api.call('costs.interval', {
        params: { id: locationId! },
        query: { tariff_direction: direction, aggregation },
        body: { start_time: ok!.start_time, end_time: ok!.end_time },
      }),
    retry: false,
  });
  const missing = noTariff || (report.error instanceof ServiceError && report.error.code === 'no_tariff_connected');
  const pick = (p: Preset) => {
    if (p === 'custom' && days) setOwn(days);
    setPreset(p);
  };
  const setDay = (k: 'from' | 'to') => (v: string) => {
    setOwn({ ...(days ?? { from: v, to: v }), [k]: v });
    setPreset('custom');
  };

  return (
    <>
      <PageHeader
        title="Usage and cost"
        subtitle="A location's meter records, what they cost by day or month, its bill by month, and its charging sessions"
      />
      <NoLocations hint="Meter records belong to a location: create one first." />
      {locationId ? (
        <Stack spacing={2}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <LocationSelect value={locationId} onChange={(id) => navigate(`usage?location=${id}`)} />
            <DirectionSelect value={direction} onChange={setDirection} sx={{ minWidth: 160 }} />
            <SelectField
              label="Window"
              value={preset}
              onChange={(v) => pick(PRESETS.find(([p]) => p === v)![0])}
              options={PRESETS}
              sx={{ minWidth: 170 }}
            />
            {(
              [
                ['from', 'First day'],
                ['to', 'Last day'],
              ] as const
            ).map(([k, label]) => (
              <ValueField
                key={k}
                size="small"
                type="date"
                label={label}
                value={days?.[k] ?? ''}
                onValue={setDay(k)}
                shrink
              />
            ))}
            <ToggleButtonGroup
              size="small"
              exclusive
              value={aggregation}
              onChange={(_, v: Aggregation | null) => v && setAggregation(v)}
              aria-label="Cost by"
            >
              <ToggleButton value="DAY">By day</ToggleButton>
              <ToggleButton value="MONTH">By month</ToggleButton>
            </ToggleButtonGroup>
          </Stack>
          {win && 'problem' in win ? <ErrorAlert error={{ message: win.problem }} /> : null}
          {linked.session ? <SessionFocus session={linked.session} direction={direction} zone={zone} /> : null}
          <Part
            id="usage-records"
            title={`Meter records${records.data ? `: ${records.data.length.toLocaleString('en-GB')}, ${kwhText(series?.total_kwh ?? 0)}` : ''}`}
          >
            <Loading show={records.isFetching} />
            <ErrorAlert error={records.error} />
            {series && records.data?.length ? <UsageChart series={series} zone={zone} /> : null}
            {records.data && records.data.length === 0 ? (
              <EmptyState
                title="No meter records in this window"
                hint="Upload a meter CSV below, submit records through PUT /meters/interval, or pick another window."
              />
            ) : null}
          </Part>
          <Part id="usage-cost" title={`Cost by ${aggregation === 'DAY' ? 'day' : 'month'} (${zone})`}>
            <Loading show={report.isFetching} />
            {missing ? (
              <NoTariff locationId={locationId} anyTariff={anyTariff} direction={noTariff ? undefined : direction} />
            ) : (
              <ErrorAlert error={report.error} />
            )}
            {report.data ? <CostBars report={report.data} zone={zone} aggregation={aggregation} /> : null}
          </Part>
          <Part id="usage-bill" title={`Bill by month (${zone})`}>
            {/* Asked in the location's own zone only: its months are the bill's. */}
            {ok && !noTariff && location.data ? (
              <BillPart
                locationId={locationId}
                zone={location.data.timezone}
                currency={location.data.currency_code}
                window={ok}
              />
            ) : null}
          </Part>
          <Part id="usage-sessions" title="Sessions">
            {records.data ? (
              <SessionsTable sessions={sessions} direction={direction} zone={zone} highlight={linked.session} />
            ) : null}
          </Part>
          <Part id="usage-upload" title="Upload meter records">
            <MeterUpload
              locationId={locationId}
              direction={direction}
              zone={zone}
              onStored={(from, to) => {
                setOwn(daysOf(from, to, zone));
                setPreset('custom');
              }}
            />
          </Part>
        </Stack>
      ) : null}
    </>
  );
}
